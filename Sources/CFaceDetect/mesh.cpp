// fd_mesh: MediaPipe's face landmark model (converted to ONNX at set-up) run
// with cv::dnn on exactly the 192x192 crop it is given.
#include "internal.hpp"

#include <opencv2/dnn.hpp>

#include <cmath>

struct fd_mesh {
    cv::dnn::Net net; // one input size, as OpenCV 4.6 wants
};

namespace {

constexpr int kPointValues = 3 * FD_MESH_POINT_COUNT;

cv::dnn::Net load(const char *path) {
    cv::dnn::Net net;
    try {
        net = cv::dnn::readNetFromONNX(fd::readBytes(path));
    } catch (const cv::Exception &error) {
        fd::fail(FD_ERR_MODEL, std::string("cannot load face mesh model ") + path + ": " + error.err);
    }
    if (net.empty()) fd::fail(FD_ERR_MODEL, std::string("cannot load face mesh model ") + path);
    if (net.getUnconnectedOutLayersNames().size() != 2)
        fd::fail(FD_ERR_MODEL, std::string(path) + " is not the face landmark model (it does not have 2 outputs)");
    return net;
}

} // namespace

extern "C" {

fd_status fd_mesh_create(const char *model_path, fd_mesh **out_mesh) {
    return fd::guarded(__func__, [&] {
        if (model_path == nullptr || out_mesh == nullptr) fd::fail(FD_ERR_INVALID_ARGUMENT, "model_path or out_mesh is NULL");
        if (!fd::readableFile(model_path)) fd::fail(FD_ERR_NOT_FOUND, std::string("model file not found: ") + model_path);
        auto mesh = std::make_unique<fd_mesh>();
        mesh->net = load(model_path);
        *out_mesh = mesh.release();
    });
}

void fd_mesh_destroy(fd_mesh *mesh) { delete mesh; }

fd_status fd_mesh_run(fd_mesh *mesh, const fd_image *image, float *out_points, int32_t capacity,
                      float *out_presence) {
    return fd::guarded(__func__, [&] {
        if (mesh == nullptr || image == nullptr || out_points == nullptr || out_presence == nullptr)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "a pointer is NULL");
        if (capacity < kPointValues)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "out_points has room for " + std::to_string(capacity) + " floats, " +
                                                  std::to_string(kPointValues) + " needed");
        fd::checkedChannels(image);
        if (image->width != FD_MESH_INPUT_SIZE || image->height != FD_MESH_INPUT_SIZE)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "the face mesh runs on " + std::to_string(FD_MESH_INPUT_SIZE) + "x" +
                                                  std::to_string(FD_MESH_INPUT_SIZE) + " images, not " +
                                                  std::to_string(image->width) + "x" + std::to_string(image->height));
        const cv::Mat bgr = fd::toBGR(image);
        // RGB in 0...1, as MediaPipe feeds it.
        mesh->net.setInput(cv::dnn::blobFromImage(bgr, 1.0 / 255, bgr.size(), cv::Scalar(), /*swapRB*/ true, false));
        std::vector<cv::Mat> outputs;
        mesh->net.forward(outputs, mesh->net.getUnconnectedOutLayersNames());
        const cv::Mat *points = nullptr, *presence = nullptr;
        for (const cv::Mat &output : outputs) { // told apart by size: their names are the converter's
            if (output.type() != CV_32F) continue;
            if (output.total() == size_t(kPointValues)) points = &output;
            if (output.total() == 1) presence = &output;
        }
        if (points == nullptr || presence == nullptr)
            fd::fail(FD_ERR_MODEL, "the face mesh model's outputs are not 1404 points and 1 score");
        const float *p = points->ptr<float>();
        for (int i = 0; i < kPointValues; ++i)
            if (!std::isfinite(p[i])) fd::fail(FD_ERR_INTERNAL, "the face mesh gave a point that is not finite");
        const float logit = presence->ptr<float>()[0];
        if (!std::isfinite(logit)) fd::fail(FD_ERR_INTERNAL, "the face mesh gave a presence that is not finite");
        std::copy(p, p + kPointValues, out_points);
        *out_presence = 1.f / (1.f + std::exp(-logit));
    });
}

} // extern "C"

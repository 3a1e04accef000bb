// fd_detector: parameter checks, downscaling, mapping back and ordering,
// shared by the three backends.
#include "internal.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

struct fd_detector {
    fd_detector_params params;
    std::string modelPath;
    std::unique_ptr<fd::Backend> backend;
};

namespace {

void checkParams(const fd_detector_params &p) {
    using fd::fail;
    auto range = [](const char *name, double value, double low, double high) {
        if (!(value >= low && value <= high))
            fail(FD_ERR_INVALID_ARGUMENT, std::string(name) + " " + std::to_string(value) + " is outside " +
                                              std::to_string(low) + "..." + std::to_string(high));
    };
    const int64_t kind = fd::rawValue(p.kind);
    if (kind != FD_DETECTOR_HAAR && kind != FD_DETECTOR_YUNET && kind != FD_DETECTOR_CENTERFACE)
        fail(FD_ERR_INVALID_ARGUMENT, "unknown detector kind " + std::to_string(kind));
    range("max_input_side", p.max_input_side, 0, 16384);
    if (p.kind == FD_DETECTOR_HAAR) {
        range("scale_factor", p.scale_factor, 1.0001, 10);
        range("min_neighbors", p.min_neighbors, 0, 1000);
        range("min_size", p.min_size, 0, 16384);
        range("max_size", p.max_size, 0, 16384);
        if (p.max_size > 0 && p.max_size < p.min_size)
            fail(FD_ERR_INVALID_ARGUMENT, "max_size is smaller than min_size");
    } else {
        range("score_threshold", p.score_threshold, 0, 1);
        range("nms_threshold", p.nms_threshold, 0, 1);
        range("top_k", p.top_k, 1, 100000);
    }
}

// Downscales so the longest side is at most `maxSide`; returns the factors
// that map the copy's coordinates back (exact per axis, since each side is
// rounded separately).
cv::Mat downscaled(const cv::Mat &bgr, int maxSide, double &backX, double &backY) {
    backX = backY = 1;
    const int longest = std::max(bgr.cols, bgr.rows);
    if (maxSide <= 0 || longest <= maxSide) return bgr;
    const double scale = double(maxSide) / longest;
    const int width = std::max(1, int(std::lround(bgr.cols * scale)));
    const int height = std::max(1, int(std::lround(bgr.rows * scale)));
    cv::Mat small;
    cv::resize(bgr, small, cv::Size(width, height), 0, 0, cv::INTER_AREA);
    backX = double(bgr.cols) / width;
    backY = double(bgr.rows) / height;
    return small;
}

// A face has texture. The DNNs (YuNet above all) report confident "faces" on
// flat black or grey frames, which would put stickers on a fade to black;
// boxes whose pixels barely vary are dropped. Real faces measure 10 or more.
constexpr double kMinFaceContrast = 4.0;

bool hasTexture(const cv::Mat &bgr, const fd_face &face) {
    const cv::Rect box = cv::Rect(int(face.x), int(face.y), int(std::ceil(face.width)), int(std::ceil(face.height))) &
                         cv::Rect(0, 0, bgr.cols, bgr.rows);
    if (box.area() <= 0) return false;
    cv::Mat grey;
    cv::cvtColor(bgr(box), grey, cv::COLOR_BGR2GRAY);
    cv::Scalar mean, deviation;
    cv::meanStdDev(grey, mean, deviation);
    return deviation[0] >= kMinFaceContrast;
}

void mapBack(fd_face &face, double sx, double sy) {
    face.x = float(face.x * sx);
    face.y = float(face.y * sy);
    face.width = float(face.width * sx);
    face.height = float(face.height * sy);
    for (int i = 0; i < 5; ++i) {
        face.landmarks[2 * i] = float(face.landmarks[2 * i] * sx);
        face.landmarks[2 * i + 1] = float(face.landmarks[2 * i + 1] * sy);
    }
}

} // namespace

extern "C" {

fd_status fd_detector_default_params(fd_detector_kind kind, fd_detector_params *out_params) {
    return fd::guarded(__func__, [&] {
        if (out_params == nullptr) fd::fail(FD_ERR_INVALID_ARGUMENT, "out_params is NULL");
        fd_detector_params p{};
        p.model_path = nullptr;
        p.top_k = 5000;
        p.scale_factor = 1.1;
        p.min_neighbors = 5;
        switch (fd::rawValue(kind)) {
        case FD_DETECTOR_HAAR:
            p.max_input_side = 1024;
            p.min_size = 24;
            break;
        case FD_DETECTOR_YUNET:
            p.max_input_side = 640;
            p.score_threshold = 0.5f;
            p.nms_threshold = 0.3f;
            break;
        case FD_DETECTOR_CENTERFACE:
            p.max_input_side = 640;
            p.score_threshold = 0.5f;
            p.nms_threshold = 0.3f;
            break;
        default: fd::fail(FD_ERR_INVALID_ARGUMENT, "unknown detector kind " + std::to_string(fd::rawValue(kind)));
        }
        p.kind = kind; // known valid only now
        *out_params = p;
    });
}

fd_status fd_detector_create(const fd_detector_params *params, fd_detector **out_detector) {
    return fd::guarded(__func__, [&] {
        if (params == nullptr || out_detector == nullptr)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "params or out_detector is NULL");
        checkParams(*params);
        if (params->model_path == nullptr) fd::fail(FD_ERR_INVALID_ARGUMENT, "model_path is NULL");
        if (!fd::readableFile(params->model_path))
            fd::fail(FD_ERR_NOT_FOUND, std::string("model file not found: ") + params->model_path);
        auto detector = std::make_unique<fd_detector>();
        detector->params = *params;
        detector->modelPath = params->model_path;
        detector->params.model_path = detector->modelPath.c_str();
        switch (params->kind) {
        case FD_DETECTOR_HAAR: detector->backend = fd::makeHaar(detector->params); break;
        case FD_DETECTOR_YUNET: detector->backend = fd::makeYuNet(detector->params); break;
        default: detector->backend = fd::makeCenterFace(detector->params); break;
        }
        *out_detector = detector.release();
    });
}

void fd_detector_destroy(fd_detector *detector) { delete detector; }

fd_status fd_detector_detect(fd_detector *detector, const fd_image *image, fd_face *out_faces,
                             int32_t capacity, int32_t *out_count) {
    int32_t needed = 0;
    const fd_status status = fd::guarded(__func__, [&] {
        if (detector == nullptr || out_count == nullptr)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "detector or out_count is NULL");
        if (capacity < 0 || (capacity > 0 && out_faces == nullptr))
            fd::fail(FD_ERR_INVALID_ARGUMENT, "out_faces is NULL or capacity is negative");
        // Downscale first, then convert: a 720p frame converted whole costs more
        // than the detector's small copy.
        double backX, backY;
        const cv::Mat small = downscaled(fd::view(image), detector->params.max_input_side, backX, backY);
        const cv::Mat input = fd::toBGR(small, image->format);
        std::vector<fd_face> faces = detector->backend->detect(input);
        faces.erase(std::remove_if(faces.begin(), faces.end(),
                                   [&](const fd_face &face) { return !hasTexture(input, face); }),
                    faces.end());
        std::sort(faces.begin(), faces.end(),
                         [](const fd_face &a, const fd_face &b) { return a.score > b.score; });
        needed = int32_t(faces.size());
        const int32_t written = std::min(needed, capacity);
        for (int32_t i = 0; i < written; ++i) {
            out_faces[i] = faces[size_t(i)];
            mapBack(out_faces[i], backX, backY);
        }
        *out_count = needed;
        if (needed > capacity)
            fd::fail(FD_ERR_CAPACITY, "found " + std::to_string(needed) + " faces, room for " +
                                          std::to_string(capacity));
    });
    return status;
}

} // extern "C"

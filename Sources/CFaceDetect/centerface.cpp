// CenterFace backend: the ONNX model run with cv::dnn; the pre- and
// post-processing (heatmap peaks, log-scale sizes, offsets, landmarks, NMS)
// is done here.
#include "internal.hpp"

#include <opencv2/dnn.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>

namespace {

constexpr int kStride = 4;   // output cells per input pixel, each axis
constexpr int kAlign = 32;   // the network's input must be a multiple of this

int alignUp(int value) { return std::max(2 * kAlign, (value + kAlign - 1) / kAlign * kAlign); }

class CenterFaceBackend final : public fd::Backend {
public:
    explicit CenterFaceBackend(const fd_detector_params &params) : params_(params) {
        model_ = fd::readBytes(params.model_path);
        build(); // fails early on a bad model file (and is not kept: its size is never used)
    }

    std::vector<fd_face> detect(const cv::Mat &bgr) override {
        // Pad right and bottom to the alignment: coordinates stay those of
        // the image, and the padding holds no face.
        const cv::Size input(alignUp(bgr.cols), alignUp(bgr.rows));
        cv::dnn::Net &net = netFor(input); // one input size per net (OpenCV 4.6)
        cv::Mat padded;
        cv::copyMakeBorder(bgr, padded, 0, input.height - bgr.rows, 0, input.width - bgr.cols,
                           cv::BORDER_CONSTANT, cv::Scalar::all(0));
        const cv::Mat blob = cv::dnn::blobFromImage(padded, 1.0, input, cv::Scalar(), /*swapRB*/ true, false);
        net.setInput(blob);
        std::vector<cv::Mat> outputs;
        net.forward(outputs, net.getUnconnectedOutLayersNames());
        if (outputs.size() != 4) fd::fail(FD_ERR_MODEL, "CenterFace model does not have 4 outputs");
        return decode(outputs[0], outputs[1], outputs[2], outputs[3], bgr.size());
    }

private:
    static constexpr size_t kKeptSizes = 4;

    // The nets of the last few input sizes (a picture searched sideways alternates two).
    cv::dnn::Net &netFor(cv::Size size) {
        for (auto &entry : nets_)
            if (entry.first == size) return entry.second;
        if (nets_.size() == kKeptSizes) nets_.erase(nets_.begin());
        nets_.emplace_back(size, build());
        return nets_.back().second;
    }

    cv::dnn::Net build() {
        cv::dnn::Net net;
        try {
            net = cv::dnn::readNetFromONNX(model_);
        } catch (const cv::Exception &error) {
            fd::fail(FD_ERR_MODEL, std::string("cannot load CenterFace model ") + params_.model_path + ": " +
                                       error.err);
        }
        if (net.empty()) fd::fail(FD_ERR_MODEL, std::string("cannot load CenterFace model ") + params_.model_path);
        return net;
    }

    std::vector<fd_face> decode(const cv::Mat &heat, const cv::Mat &scale, const cv::Mat &offset,
                                const cv::Mat &marks, cv::Size image) const {
        if (heat.dims != 4 || scale.dims != 4 || offset.dims != 4 || marks.dims != 4 || scale.size[1] < 2 ||
            offset.size[1] < 2 || marks.size[1] < 10)
            fd::fail(FD_ERR_MODEL, "CenterFace outputs have unexpected shapes");
        const int rows = heat.size[2], cols = heat.size[3];
        const size_t plane = size_t(rows) * cols;
        const float *h = heat.ptr<float>();
        const float *s = scale.ptr<float>();
        const float *o = offset.ptr<float>();
        const float *m = marks.ptr<float>();
        std::vector<fd_face> candidates;
        std::vector<cv::Rect2d> boxes;
        std::vector<float> scores;
        for (int y = 0; y < rows; ++y) {
            for (int x = 0; x < cols; ++x) {
                const size_t i = size_t(y) * cols + x;
                if (h[i] <= params_.score_threshold) continue;
                const float boxH = std::exp(s[i]) * kStride, boxW = std::exp(s[plane + i]) * kStride;
                const float cy = (y + o[i] + 0.5f) * kStride, cx = (x + o[plane + i] + 0.5f) * kStride;
                const float x0 = std::clamp(cx - boxW / 2, 0.f, float(image.width));
                const float y0 = std::clamp(cy - boxH / 2, 0.f, float(image.height));
                const float x1 = std::min(x0 + boxW, float(image.width));
                const float y1 = std::min(y0 + boxH, float(image.height));
                fd_face face{};
                face.x = x0;
                face.y = y0;
                face.width = x1 - x0;
                face.height = y1 - y0;
                face.score = h[i];
                face.has_landmarks = 1;
                // Channels come as (y, x) pairs, relative to the box corner
                // in units of its size.
                for (int k = 0; k < 5; ++k) {
                    face.landmarks[2 * k] = m[(2 * k + 1) * plane + i] * boxW + x0;
                    face.landmarks[2 * k + 1] = m[(2 * k) * plane + i] * boxH + y0;
                }
                candidates.push_back(face);
                boxes.emplace_back(face.x, face.y, face.width, face.height);
                scores.push_back(face.score);
            }
        }
        std::vector<int> keep;
        cv::dnn::NMSBoxes(boxes, scores, params_.score_threshold, params_.nms_threshold, keep, 1.f,
                          params_.top_k);
        std::vector<fd_face> faces;
        for (int k : keep) faces.push_back(candidates[size_t(k)]);
        return faces;
    }

    fd_detector_params params_;
    std::vector<uchar> model_;
    std::vector<std::pair<cv::Size, cv::dnn::Net>> nets_;
};

} // namespace

std::unique_ptr<fd::Backend> fd::makeCenterFace(const fd_detector_params &params) {
    return std::make_unique<CenterFaceBackend>(params);
}

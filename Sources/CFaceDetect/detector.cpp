// fd_detector: parameter checks and ordering shared by the three backends,
// and NMS, a primitive the Swift layer builds its policy on.
// Sizing and filtering policy lives in Swift: a detector runs on exactly the
// image it is given.
#include "internal.hpp"

#include <opencv2/dnn.hpp>

#include <algorithm>
#include <climits>
#include <cmath>

struct fd_detector {
    fd_detector_params params;
    std::string modelPath;
    std::unique_ptr<fd::Backend> backend;
};

namespace {

// Only what the backends need to run safely (a scale factor of 1 would never
// end, a NaN threshold compares false with everything, say); the user-facing
// ranges are `DetectorParameter`'s, in Swift, which owns the settings.
void checkParams(const fd_detector_params &p) {
    using fd::fail;
    auto require = [](bool holds, const char *name, double value, const char *what) {
        if (!holds) fail(FD_ERR_INVALID_ARGUMENT, std::string(name) + " " + std::to_string(value) + " " + what);
    };
    const int64_t kind = fd::rawValue(p.kind);
    if (kind != FD_DETECTOR_HAAR && kind != FD_DETECTOR_YUNET && kind != FD_DETECTOR_CENTERFACE)
        fail(FD_ERR_INVALID_ARGUMENT, "unknown detector kind " + std::to_string(kind));
    if (p.kind == FD_DETECTOR_HAAR) {
        require(std::isfinite(p.scale_factor) && p.scale_factor > 1, "scale_factor", p.scale_factor,
                "must be finite and above 1");
        require(p.min_neighbors >= 0, "min_neighbors", p.min_neighbors, "is negative");
        require(p.min_size >= 0, "min_size", p.min_size, "is negative");
        require(p.max_size >= 0, "max_size", p.max_size, "is negative");
        if (p.max_size > 0 && p.max_size < p.min_size)
            fail(FD_ERR_INVALID_ARGUMENT, "max_size is smaller than min_size");
    } else {
        require(std::isfinite(p.score_threshold), "score_threshold", p.score_threshold, "is not finite");
        require(std::isfinite(p.nms_threshold), "nms_threshold", p.nms_threshold, "is not finite");
        require(p.top_k >= 1, "top_k", p.top_k, "must be at least 1");
    }
}

// OpenCV 4.6's dnn counts a tensor's values in int. A network's input blob
// holds 3 values a pixel and the layers after it more (CenterFace's widest
// holds 24 for each input pixel), so past a limit a DNN detector would throw
// OpenCV's "total(os[i]) > 0", or worse, instead of running. The image, padded
// as the backends pad it (CenterFace aligns each side to 32 and at least 64,
// YuNet to at least 64), is refused before any pixel is read when its pixels
// times kValuesPerPixel do not fit an int. This is an invariant of OpenCV, not
// a product range: FaceFinder (Swift) keeps every copy far below it.
constexpr int64_t kValuesPerPixel = 32;
constexpr int64_t kPadding = 64;

void checkNetworkInput(const fd_detector &detector, const fd_image *image) {
    if (detector.params.kind == FD_DETECTOR_HAAR) return;
    fd::checkedChannels(image); // positive sides, so the products below fit 64 bits
    const int64_t pixels = (int64_t(image->width) + kPadding) * (int64_t(image->height) + kPadding);
    if (pixels > INT_MAX / kValuesPerPixel)
        fd::fail(FD_ERR_INVALID_ARGUMENT, "image " + std::to_string(image->width) + "x" + std::to_string(image->height) +
                                              " is too large for a DNN detector (OpenCV counts a layer's values in "
                                              "int: at most " + std::to_string(INT_MAX / kValuesPerPixel) +
                                              " pixels, padding included)");
}

} // namespace

extern "C" {

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
    return fd::guarded(__func__, [&] {
        if (detector == nullptr || out_count == nullptr)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "detector or out_count is NULL");
        if (capacity < 0 || (capacity > 0 && out_faces == nullptr))
            fd::fail(FD_ERR_INVALID_ARGUMENT, "out_faces is NULL or capacity is negative");
        checkNetworkInput(*detector, image);
        std::vector<fd_face> faces = detector->backend->detect(fd::toBGR(image));
        std::sort(faces.begin(), faces.end(), [](const fd_face &a, const fd_face &b) { return a.score > b.score; });
        const int32_t needed = int32_t(faces.size());
        const int32_t written = std::min(needed, capacity);
        std::copy(faces.begin(), faces.begin() + written, out_faces);
        *out_count = needed;
        if (needed > capacity)
            fd::fail(FD_ERR_CAPACITY, "found " + std::to_string(needed) + " faces, room for " +
                                          std::to_string(capacity));
    });
}

fd_status fd_nms(const fd_box *boxes, const float *scores, int32_t count, float score_threshold,
                 float nms_threshold, int32_t top_k, int32_t integer_boxes, int32_t *out_keep, int32_t *out_kept) {
    return fd::guarded(__func__, [&] {
        if (count < 0 || out_kept == nullptr || (count > 0 && (boxes == nullptr || scores == nullptr || out_keep == nullptr)))
            fd::fail(FD_ERR_INVALID_ARGUMENT, "a pointer is NULL or count is negative");
        if (!(nms_threshold >= 0 && nms_threshold <= 1) || !std::isfinite(score_threshold) || top_k < 0)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "nms_threshold must be 0...1, score_threshold finite, top_k >= 0");
        std::vector<float> scoreList(scores, scores + count);
        std::vector<int> keep;
        if (integer_boxes) {
            // As cv::FaceDetectorYN: boxes converted to int (truncated), non-finite values as 0.
            auto whole = [](float v) { return std::isfinite(v) && std::fabs(v) < 1e9f ? int(v) : 0; };
            std::vector<cv::Rect2i> rects;
            for (int32_t i = 0; i < count; ++i)
                rects.emplace_back(whole(boxes[i].x), whole(boxes[i].y), whole(boxes[i].width), whole(boxes[i].height));
            cv::dnn::NMSBoxes(rects, scoreList, score_threshold, nms_threshold, keep, 1.f, int(top_k));
        } else {
            std::vector<cv::Rect2d> rects;
            for (int32_t i = 0; i < count; ++i) rects.emplace_back(boxes[i].x, boxes[i].y, boxes[i].width, boxes[i].height);
            cv::dnn::NMSBoxes(rects, scoreList, score_threshold, nms_threshold, keep, 1.f, int(top_k));
        }
        for (size_t k = 0; k < keep.size(); ++k) out_keep[k] = int32_t(keep[k]);
        *out_kept = int32_t(keep.size());
    });
}

} // extern "C"

// YuNet backend: cv::FaceDetectorYN with the 2022mar model.
#include "internal.hpp"

#include <opencv2/core.hpp>
#include <opencv2/objdetect.hpp>

#include <algorithm>

namespace {

constexpr int kMinSide = 64;

class YuNetBackend final : public fd::Backend {
public:
    explicit YuNetBackend(const fd_detector_params &params) : params_(params) {
        build(cv::Size(320, 320)); // fails early on a bad model file (and is not kept)
    }

    std::vector<fd_face> detect(const cv::Mat &image) override {
        // YuNet's pooling layers fail on inputs under 64 px; padding right and
        // bottom keeps the coordinates and adds nothing that looks like a face.
        cv::Mat bgr = image;
        if (image.cols < kMinSide || image.rows < kMinSide)
            cv::copyMakeBorder(image, bgr, 0, std::max(0, kMinSide - image.rows), 0,
                               std::max(0, kMinSide - image.cols), cv::BORDER_CONSTANT, cv::Scalar::all(0));
        // OpenCV 4.6 networks can go wrong when one net is run at several
        // input sizes, so each size gets a detector of its own; the last few
        // are kept (a video searched sideways alternates two sizes).
        cv::Mat rows;
        detectorFor(bgr.size())->detect(bgr, rows);
        std::vector<fd_face> faces;
        for (int r = 0; r < rows.rows; ++r) {
            const float *v = rows.ptr<float>(r);
            fd_face face{};
            face.x = v[0];
            face.y = v[1];
            face.width = v[2];
            face.height = v[3];
            face.has_landmarks = 1;
            for (int i = 0; i < 10; ++i) face.landmarks[i] = v[4 + i];
            face.score = v[14];
            faces.push_back(face);
        }
        return faces;
    }

private:
    static constexpr size_t kKeptSizes = 4;

    cv::Ptr<cv::FaceDetectorYN> detectorFor(cv::Size size) {
        for (auto &entry : detectors_)
            if (entry.first == size) return entry.second;
        if (detectors_.size() == kKeptSizes) detectors_.erase(detectors_.begin());
        detectors_.emplace_back(size, build(size));
        return detectors_.back().second;
    }

    cv::Ptr<cv::FaceDetectorYN> build(cv::Size size) {
        cv::Ptr<cv::FaceDetectorYN> detector;
        try {
            detector = cv::FaceDetectorYN::create(params_.model_path, "", size, params_.score_threshold,
                                                  params_.nms_threshold, params_.top_k);
        } catch (const cv::Exception &error) {
            fd::fail(FD_ERR_MODEL, std::string("cannot load YuNet model ") + params_.model_path + ": " + error.err);
        }
        if (detector.empty())
            fd::fail(FD_ERR_MODEL, std::string("cannot load YuNet model ") + params_.model_path);
        return detector;
    }

    fd_detector_params params_;
    std::vector<std::pair<cv::Size, cv::Ptr<cv::FaceDetectorYN>>> detectors_;
};

} // namespace

std::unique_ptr<fd::Backend> fd::makeYuNet(const fd_detector_params &params) {
    return std::make_unique<YuNetBackend>(params);
}

// Haar cascade backend: OpenCV's CascadeClassifier on an equalised grey image.
#include "internal.hpp"

#include <opencv2/imgproc.hpp>
#include <opencv2/objdetect.hpp>

namespace {

class HaarBackend final : public fd::Backend {
public:
    explicit HaarBackend(const fd_detector_params &params) : params_(params) {
        // CascadeClassifier::load returns false for a bad file but can also
        // throw on a malformed one; both become FD_ERR_MODEL.
        bool loaded = false;
        try {
            loaded = cascade_.load(params.model_path);
        } catch (const cv::Exception &error) {
            fd::fail(FD_ERR_MODEL, std::string("cannot load cascade ") + params.model_path + ": " + error.err);
        }
        if (!loaded || cascade_.empty())
            fd::fail(FD_ERR_MODEL, std::string("not a cascade classifier file: ") + params.model_path);
    }

    std::vector<fd_face> detect(const cv::Mat &bgr) override {
        cv::Mat grey;
        cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
        cv::equalizeHist(grey, grey);
        std::vector<cv::Rect> boxes;
        std::vector<int> neighbours;
        const cv::Size minSize(params_.min_size, params_.min_size);
        const cv::Size maxSize(params_.max_size, params_.max_size);
        cascade_.detectMultiScale(grey, boxes, neighbours, params_.scale_factor, params_.min_neighbors, 0,
                                  minSize, maxSize);
        std::vector<fd_face> faces;
        for (size_t i = 0; i < boxes.size(); ++i) {
            fd_face face{};
            face.x = float(boxes[i].x);
            face.y = float(boxes[i].y);
            face.width = float(boxes[i].width);
            face.height = float(boxes[i].height);
            // The cascade gives no probability; the number of merged
            // neighbours is its confidence, squashed into 0...1 so scores
            // rank and threshold like the DNNs' do.
            const float n = i < neighbours.size() ? float(neighbours[i]) : 0.f;
            face.score = n / (n + 10.f);
            faces.push_back(face);
        }
        return faces;
    }

private:
    fd_detector_params params_;
    cv::CascadeClassifier cascade_;
};

} // namespace

std::unique_ptr<fd::Backend> fd::makeHaar(const fd_detector_params &params) {
    return std::make_unique<HaarBackend>(params);
}

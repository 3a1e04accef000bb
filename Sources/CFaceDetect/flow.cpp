// fd_flow: a box's motion between two gray frames (see fd_flow.h).
#include "internal.hpp"

#include <opencv2/imgproc.hpp>
#include <opencv2/video/tracking.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace {

cv::Mat grayView(const fd_image *image, const char *name) {
    if (image == nullptr) fd::fail(FD_ERR_INVALID_ARGUMENT, std::string(name) + " is NULL");
    if (fd::rawValue(image->format) != FD_PIXEL_GRAY8)
        fd::fail(FD_ERR_INVALID_ARGUMENT, std::string(name) + " is not GRAY8");
    return fd::view(image);
}

float median(std::vector<float> values) {
    const auto middle = values.begin() + values.size() / 2;
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

} // namespace

extern "C" {

fd_status fd_flow_shift(const fd_image *previous, const fd_image *next, float x, float y, float width, float height,
                        float *out_dx, float *out_dy, int32_t *out_points) {
    return fd::guarded(__func__, [&] {
        if (out_dx == nullptr || out_dy == nullptr || out_points == nullptr)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "a pointer is NULL");
        const cv::Mat before = grayView(previous, "previous"), after = grayView(next, "next");
        if (before.size() != after.size()) fd::fail(FD_ERR_INVALID_ARGUMENT, "the two images differ in size");
        if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(width) || !std::isfinite(height))
            fd::fail(FD_ERR_INVALID_ARGUMENT, "the box is not finite");
        // Clipped to the image in float first, so that no conversion can overflow.
        const float x0 = std::max(0.f, std::min(float(before.cols), x)), y0 = std::max(0.f, std::min(float(before.rows), y));
        const float x1 = std::max(x0, std::min(float(before.cols), x + std::max(0.f, width)));
        const float y1 = std::max(y0, std::min(float(before.rows), y + std::max(0.f, height)));
        const cv::Rect box(int(x0), int(y0), int(x1) - int(x0), int(y1) - int(y0));
        float dx = 0, dy = 0;
        int32_t agreed = 0;
        if (box.width >= 8 && box.height >= 8) {
            std::vector<cv::Point2f> corners;
            cv::goodFeaturesToTrack(before(box), corners, 40, 0.01, std::max(2.0, std::min(box.width, box.height) / 10.0));
            for (cv::Point2f &corner : corners) corner += cv::Point2f(box.tl());
            if (corners.size() >= 4) {
                const cv::Size window(15, 15);
                const cv::TermCriteria stop(cv::TermCriteria::COUNT | cv::TermCriteria::EPS, 20, 0.03);
                std::vector<cv::Point2f> moved, back;
                std::vector<uchar> found, returned;
                std::vector<float> error;
                cv::calcOpticalFlowPyrLK(before, after, corners, moved, found, error, window, 3, stop);
                cv::calcOpticalFlowPyrLK(after, before, moved, back, returned, error, window, 3, stop);
                std::vector<float> xs, ys;
                for (size_t i = 0; i < corners.size(); ++i) {
                    if (!found[i] || !returned[i] || cv::norm(back[i] - corners[i]) > 0.5) continue;
                    xs.push_back(moved[i].x - corners[i].x);
                    ys.push_back(moved[i].y - corners[i].y);
                }
                if (xs.size() >= 4) {
                    dx = median(xs);
                    dy = median(ys);
                    agreed = int32_t(xs.size());
                }
            }
        }
        *out_dx = dx;
        *out_dy = dy;
        *out_points = agreed;
    });
}

} // extern "C"

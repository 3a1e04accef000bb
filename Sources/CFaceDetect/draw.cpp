// fd_draw: OpenCV's drawing calls over a caller-owned canvas (see fd_draw.h).
#include "internal.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace {

/// The canvas as a Mat over the caller's pixels, after checking every field.
cv::Mat canvasMat(const fd_canvas *canvas) {
    if (canvas == nullptr) fd::fail(FD_ERR_INVALID_ARGUMENT, "canvas is NULL");
    const int64_t format = fd::rawValue(canvas->format);
    if (format != FD_PIXEL_RGB8 && format != FD_PIXEL_RGBA8 && format != FD_PIXEL_BGR8)
        fd::fail(FD_ERR_INVALID_ARGUMENT, "canvases are RGB8, RGBA8 or BGR8, not format " + std::to_string(format));
    const fd_image image{canvas->data, canvas->width, canvas->height, canvas->stride, canvas->format};
    return fd::view(&image);
}

cv::Scalar scalar(const fd_canvas *canvas, const fd_color &color) {
    if (canvas->format == FD_PIXEL_BGR8) return cv::Scalar(color.blue, color.green, color.red, 255);
    return cv::Scalar(color.red, color.green, color.blue, 255);
}

double checkedOpacity(const fd_color &color) {
    if (!std::isfinite(color.opacity)) fd::fail(FD_ERR_INVALID_ARGUMENT, "opacity is not finite");
    return std::min(1.0, std::max(0.0, color.opacity));
}

int lineType(int32_t smooth) { return smooth ? cv::LINE_AA : cv::LINE_8; }

int checkedThickness(int32_t thickness) {
    if (thickness < 0 || thickness > 1000) fd::fail(FD_ERR_INVALID_ARGUMENT, "thickness must be 0...1000");
    return thickness == 0 ? cv::FILLED : int(thickness);
}

/// Runs `draw` on the canvas itself when opaque, else on a copy of `bounds`
/// (clipped) blended back at `opacity`.
void paint(const fd_canvas *canvas, const fd_color &color, cv::Rect bounds,
           const std::function<void(cv::Mat &, cv::Point)> &draw) {
    cv::Mat image = canvasMat(canvas);
    const double opacity = checkedOpacity(color);
    if (opacity <= 0) return;
    if (opacity >= 1) {
        draw(image, cv::Point(0, 0));
        return;
    }
    bounds &= cv::Rect(0, 0, image.cols, image.rows);
    if (bounds.empty()) return;
    cv::Mat region = image(bounds);
    cv::Mat layer = region.clone();
    draw(layer, -bounds.tl());
    cv::addWeighted(region, 1.0 - opacity, layer, opacity, 0, region);
}

/// A box around points, grown by `margin` on every side (saturating).
cv::Rect around(int64_t x0, int64_t y0, int64_t x1, int64_t y1, int64_t margin) {
    auto clamp = [](int64_t v) { return int(std::min<int64_t>(std::max<int64_t>(v, -(1 << 28)), 1 << 28)); };
    return cv::Rect(cv::Point(clamp(x0 - margin), clamp(y0 - margin)), cv::Point(clamp(x1 + margin + 1), clamp(y1 + margin + 1)));
}

} // namespace

extern "C" {

fd_status fd_draw_rectangle(const fd_canvas *canvas, int32_t x, int32_t y, int32_t width, int32_t height,
                            fd_color color, int32_t thickness, int32_t smooth) {
    return fd::guarded(__func__, [&] {
        const int t = checkedThickness(thickness);
        if (width <= 0 || height <= 0) return;
        const int64_t x1 = int64_t(x) + width - 1, y1 = int64_t(y) + height - 1;
        const cv::Rect bounds = around(x, y, x1, y1, t > 0 ? t : 0);
        paint(canvas, color, bounds, [&](cv::Mat &image, cv::Point shift) {
            cv::rectangle(image, cv::Point(x, y) + shift, cv::Point(int(x1), int(y1)) + shift, scalar(canvas, color), t,
                          lineType(smooth));
        });
    });
}

fd_status fd_draw_polyline(const fd_canvas *canvas, const int32_t *points, int32_t count, int32_t closed,
                           fd_color color, int32_t thickness, int32_t smooth) {
    return fd::guarded(__func__, [&] {
        const int t = checkedThickness(thickness);
        if (count < 0 || (count > 0 && points == nullptr))
            fd::fail(FD_ERR_INVALID_ARGUMENT, "points is NULL or count is negative");
        if (t == cv::FILLED) fd::fail(FD_ERR_INVALID_ARGUMENT, "a polyline needs a thickness of 1 or more");
        if (count < 2) return;
        std::vector<cv::Point> line;
        int64_t x0 = INT32_MAX, y0 = INT32_MAX, x1 = INT32_MIN, y1 = INT32_MIN;
        for (int32_t i = 0; i < count; ++i) {
            line.emplace_back(points[2 * i], points[2 * i + 1]);
            x0 = std::min<int64_t>(x0, points[2 * i]);
            x1 = std::max<int64_t>(x1, points[2 * i]);
            y0 = std::min<int64_t>(y0, points[2 * i + 1]);
            y1 = std::max<int64_t>(y1, points[2 * i + 1]);
        }
        paint(canvas, color, around(x0, y0, x1, y1, t + 1), [&](cv::Mat &image, cv::Point shift) {
            std::vector<cv::Point> moved(line);
            for (auto &point : moved) point += shift;
            cv::polylines(image, moved, closed != 0, scalar(canvas, color), t, lineType(smooth));
        });
    });
}

fd_status fd_draw_circle(const fd_canvas *canvas, int32_t x, int32_t y, int32_t radius, fd_color color,
                         int32_t thickness, int32_t smooth) {
    return fd::guarded(__func__, [&] {
        const int t = checkedThickness(thickness);
        if (radius < 0) fd::fail(FD_ERR_INVALID_ARGUMENT, "radius is negative");
        const int64_t reach = int64_t(radius) + (t > 0 ? t : 0) + 1;
        paint(canvas, color, around(x, y, x, y, reach), [&](cv::Mat &image, cv::Point shift) {
            cv::circle(image, cv::Point(x, y) + shift, radius, scalar(canvas, color), t, lineType(smooth));
        });
    });
}

fd_status fd_draw_text(const fd_canvas *canvas, const char *text, int32_t x, int32_t y, double scale,
                       int32_t thickness, fd_color color, fd_color outline, int32_t smooth) {
    return fd::guarded(__func__, [&] {
        if (text == nullptr) fd::fail(FD_ERR_INVALID_ARGUMENT, "text is NULL");
        if (!(scale > 0 && scale <= 100)) fd::fail(FD_ERR_INVALID_ARGUMENT, "scale must be above 0, at most 100");
        if (thickness < 1 || thickness > 1000) fd::fail(FD_ERR_INVALID_ARGUMENT, "thickness must be 1...1000");
        const bool outlined = checkedOpacity(outline) > 0;
        const int widest = outlined ? thickness + 2 : thickness;
        int base = 0;
        const cv::Size size = cv::getTextSize(text, cv::FONT_HERSHEY_SIMPLEX, scale, widest, &base);
        const cv::Rect bounds = around(x, int64_t(y) - size.height, int64_t(x) + size.width, int64_t(y) + base, 2 * widest + 4);
        paint(canvas, color, bounds, [&](cv::Mat &image, cv::Point shift) {
            const cv::Point origin = cv::Point(x, y) + shift;
            if (outlined)
                cv::putText(image, text, origin, cv::FONT_HERSHEY_SIMPLEX, scale, scalar(canvas, outline), thickness + 2,
                            lineType(smooth));
            cv::putText(image, text, origin, cv::FONT_HERSHEY_SIMPLEX, scale, scalar(canvas, color), thickness,
                        lineType(smooth));
        });
    });
}

fd_status fd_text_size(const char *text, double scale, int32_t thickness, int32_t *out_width, int32_t *out_height,
                       int32_t *out_baseline) {
    return fd::guarded(__func__, [&] {
        if (text == nullptr || out_width == nullptr || out_height == nullptr || out_baseline == nullptr)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "text or an out pointer is NULL");
        if (!(scale > 0 && scale <= 100)) fd::fail(FD_ERR_INVALID_ARGUMENT, "scale must be above 0, at most 100");
        if (thickness < 1 || thickness > 1000) fd::fail(FD_ERR_INVALID_ARGUMENT, "thickness must be 1...1000");
        int base = 0;
        const cv::Size size = cv::getTextSize(text, cv::FONT_HERSHEY_SIMPLEX, scale, thickness, &base);
        *out_width = size.width;
        *out_height = size.height;
        *out_baseline = base;
    });
}

fd_status fd_draw_image(const fd_canvas *canvas, const fd_image *image, int32_t x, int32_t y, int32_t width,
                        int32_t height, double opacity) {
    return fd::guarded(__func__, [&] {
        cv::Mat target = canvasMat(canvas);
        const cv::Mat source = fd::view(image);
        if (fd::rawValue(image->format) != fd::rawValue(canvas->format))
            fd::fail(FD_ERR_INVALID_ARGUMENT, "the image is not in the canvas's pixel format");
        if (!std::isfinite(opacity)) fd::fail(FD_ERR_INVALID_ARGUMENT, "opacity is not finite");
        const cv::Rect where(x, y, width, height);
        if (width <= 0 || height <= 0 || (where & cv::Rect(0, 0, target.cols, target.rows)) != where)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "the rectangle is not inside the canvas");
        const double a = std::min(1.0, std::max(0.0, opacity));
        if (a <= 0) return;
        cv::Mat small;
        cv::resize(source, small, where.size(), 0, 0, cv::INTER_AREA);
        cv::Mat region = target(where);
        cv::addWeighted(region, 1.0 - a, small, a, 0, region);
    });
}

} // extern "C"

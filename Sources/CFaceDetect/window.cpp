// fd_window: a highgui window for the selfie preview.
#include "internal.hpp"

#include <opencv2/highgui.hpp>

#include <algorithm>
#include <cerrno>
#include <dlfcn.h>
#include <opencv2/imgproc.hpp>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

struct fd_window {
    std::string name;
    bool shown = false;
};

extern "C" {

fd_status fd_window_probe(int32_t timeout_ms, int32_t *out_reachable) {
    return fd::guarded(__func__, [&] {
        if (out_reachable == nullptr) fd::fail(FD_ERR_INVALID_ARGUMENT, "out_reachable is NULL");
        if (timeout_ms < 1 || timeout_ms > 60000) fd::fail(FD_ERR_INVALID_ARGUMENT, "timeout_ms must be 1...60000");
        *out_reachable = 0;
        const pid_t child = fork();
        if (child < 0) fd::fail(FD_ERR_INTERNAL, std::string("fork: ") + std::strerror(errno));
        if (child == 0) {
            // The copy's abort must be quiet: no toolkit complaints, no crash report.
            const int null = open("/dev/null", O_WRONLY);
            if (null >= 0) {
                dup2(null, STDOUT_FILENO);
                dup2(null, STDERR_FILENO);
            }
            signal(SIGABRT, SIG_DFL);
            int status = 0;
            try {
                cv::namedWindow("facesticker display probe", cv::WINDOW_AUTOSIZE);
                cv::destroyAllWindows();
            } catch (...) {
                status = 1;
            }
            _exit(status);
        }
        int status = 0;
        for (int waited = 0;; waited += 10) {
            const pid_t done = waitpid(child, &status, WNOHANG);
            if (done == child) break;
            if (done < 0 && errno != EINTR) fd::fail(FD_ERR_INTERNAL, std::string("waitpid: ") + std::strerror(errno));
            if (waited >= timeout_ms) {
                // A display that does not answer is as good as none.
                kill(child, SIGKILL);
                waitpid(child, &status, 0);
                return;
            }
            usleep(10000);
        }
        *out_reachable = WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 1 : 0;
    });
}

fd_status fd_window_wait_key(fd_window *window, int32_t delay_ms, int32_t *out_key, int32_t *out_closed) {
    return fd::guarded(__func__, [&] {
        if (window == nullptr || out_key == nullptr || out_closed == nullptr)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "window or an out pointer is NULL");
        if (delay_ms < 1 || delay_ms > 10000) fd::fail(FD_ERR_INVALID_ARGUMENT, "delay_ms must be 1...10000");
        const int key = cv::waitKey(delay_ms);
        // Before the first imshow the window may not exist yet as far as highgui knows.
        const bool closed = window->shown && cv::getWindowProperty(window->name, cv::WND_PROP_VISIBLE) < 1;
        *out_key = key < 0 ? -1 : (key & 0xFF);
        *out_closed = closed ? 1 : 0;
    });
}

void fd_window_destroy(fd_window *window) {
    if (window == nullptr) return;
    // Destroying must not throw across the C boundary; a window already gone is fine.
    try {
        cv::destroyWindow(window->name);
        cv::waitKey(1);
    } catch (...) {
    }
    delete window;
}

} // extern "C"

// ---- The live preview: a plain window fitted to the screen, I420 frames, an overlay drawn by us.

namespace {

// The screen's size through libX11, loaded only when asked (no link-time X11 dependency):
// highgui's Qt backend already has it mapped on X11.
bool screenSize(int &width, int &height) {
    void *x11 = dlopen("libX11.so.6", RTLD_LAZY | RTLD_LOCAL);
    if (x11 == nullptr) return false;
    using Open = void *(*)(const char *);
    using Close = int (*)(void *);
    using DefaultScreen = int (*)(void *);
    using Size = int (*)(void *, int);
    auto open = reinterpret_cast<Open>(dlsym(x11, "XOpenDisplay"));
    auto close = reinterpret_cast<Close>(dlsym(x11, "XCloseDisplay"));
    auto screen = reinterpret_cast<DefaultScreen>(dlsym(x11, "XDefaultScreen"));
    auto w = reinterpret_cast<Size>(dlsym(x11, "XDisplayWidth"));
    auto h = reinterpret_cast<Size>(dlsym(x11, "XDisplayHeight"));
    bool ok = false;
    if (open && close && screen && w && h) {
        if (void *display = open(nullptr)) {
            const int s = screen(display);
            width = w(display, s);
            height = h(display, s);
            close(display);
            ok = width > 0 && height > 0;
        }
    }
    dlclose(x11);
    return ok;
}

void drawText(cv::Mat &image, const std::string &text, cv::Point origin, double scale, const cv::Scalar &color) {
    const int thickness = std::max(1, static_cast<int>(scale * 2 + 0.5));
    cv::putText(image, text, origin, cv::FONT_HERSHEY_SIMPLEX, scale, cv::Scalar(0, 0, 0), thickness + 2, cv::LINE_AA);
    cv::putText(image, text, origin, cv::FONT_HERSHEY_SIMPLEX, scale, color, thickness, cv::LINE_AA);
}

void overlay(cv::Mat &image, const fd_overlay *o) {
    if (o == nullptr) return;
    const double scale = std::max(0.35, image.rows / 900.0);
    const int pad = static_cast<int>(12 * scale / 0.6);
    if (o->flash > 0) {
        cv::Mat white(image.size(), image.type(), cv::Scalar(255, 255, 255));
        cv::addWeighted(image, 1.0 - std::min(1.0, o->flash), white, std::min(1.0, o->flash), 0, image);
    }
    if (o->thumbnail != nullptr && o->thumbnail_alpha > 0) {
        cv::Mat shot = fd::toBGR(o->thumbnail);
        const int tw = std::max(8, image.cols / 4);
        const int th = std::max(8, shot.rows * tw / std::max(1, shot.cols));
        if (tw + 2 * pad < image.cols && th + 2 * pad < image.rows) {
            cv::Mat small;
            cv::resize(shot, small, cv::Size(tw, th), 0, 0, cv::INTER_AREA);
            cv::Rect where(image.cols - tw - pad, pad, tw, th);
            cv::Mat region = image(where);
            cv::addWeighted(region, 1.0 - o->thumbnail_alpha, small, o->thumbnail_alpha, 0, region);
            cv::rectangle(image, where, cv::Scalar(255, 255, 255), std::max(1, pad / 6));
        }
    }
    if (o->notice != nullptr && o->notice[0] != 0) {
        drawText(image, o->notice, cv::Point(pad, pad + static_cast<int>(30 * scale)), scale * 1.1, cv::Scalar(255, 255, 255));
    }
    if (o->fps != nullptr && o->fps[0] != 0) {
        int base = 0;
        const cv::Size size = cv::getTextSize(o->fps, cv::FONT_HERSHEY_SIMPLEX, scale, 2, &base);
        drawText(image, o->fps, cv::Point(image.cols - size.width - pad, image.rows - pad - static_cast<int>(60 * scale)),
                 scale, cv::Scalar(120, 255, 120));
    }
    if (o->hint != nullptr && o->hint[0] != 0 && o->hint_alpha > 0) {
        const double a = std::min(1.0, o->hint_alpha);
        const int bar = static_cast<int>(46 * scale) + pad;
        cv::Rect where(0, image.rows - bar, image.cols, bar);
        cv::Mat region = image(where);
        cv::Mat dark(region.size(), region.type(), cv::Scalar(0, 0, 0));
        cv::addWeighted(region, 1.0 - 0.6 * a, dark, 0.6 * a, 0, region);
        double textScale = scale * 0.8;
        int base = 0;
        cv::Size size = cv::getTextSize(o->hint, cv::FONT_HERSHEY_SIMPLEX, textScale, 2, &base);
        if (size.width > image.cols - 2 * pad) {
            textScale *= double(image.cols - 2 * pad) / size.width;
            size = cv::getTextSize(o->hint, cv::FONT_HERSHEY_SIMPLEX, textScale, 2, &base);
        }
        cv::Mat layer = region.clone();
        drawText(layer, o->hint, cv::Point((image.cols - size.width) / 2, bar - pad / 2 - base), textScale, cv::Scalar(255, 255, 255));
        cv::addWeighted(region, 1.0 - a, layer, a, 0, region);
    }
}

} // namespace

extern "C" {

fd_status fd_screen_size(int32_t *out_width, int32_t *out_height) {
    return fd::guarded(__func__, [&] {
        if (out_width == nullptr || out_height == nullptr) fd::fail(FD_ERR_INVALID_ARGUMENT, "an out pointer is NULL");
        int w = 0, h = 0;
        if (!screenSize(w, h)) { w = 0; h = 0; }
        *out_width = w;
        *out_height = h;
    });
}

fd_status fd_window_create_fitted(const char *title, int32_t width, int32_t height, int32_t screen_width,
                                  int32_t screen_height, fd_window **out_window) {
    return fd::guarded(__func__, [&] {
        if (title == nullptr || out_window == nullptr) fd::fail(FD_ERR_INVALID_ARGUMENT, "title or out_window is NULL");
        if (width < 1 || height < 1 || width > 16384 || height > 16384) fd::fail(FD_ERR_INVALID_ARGUMENT, "size must be 1...16384");
        auto window = std::make_unique<fd_window>();
        window->name = title;
        // No toolbar or status bar (Qt's image-debugging tools); resizable, keeping the aspect ratio.
        cv::namedWindow(window->name, cv::WINDOW_NORMAL | cv::WINDOW_KEEPRATIO | cv::WINDOW_GUI_NORMAL);
        if (screen_width > 0 && screen_height > 0) cv::resizeWindow(window->name, width, height);
        *out_window = window.release();
    });
}

fd_status fd_window_show_i420(fd_window *window, const uint8_t *data, int32_t width, int32_t height,
                              const fd_overlay *overlay_or_null) {
    return fd::guarded(__func__, [&] {
        if (window == nullptr || data == nullptr) fd::fail(FD_ERR_INVALID_ARGUMENT, "window or data is NULL");
        if (width < 2 || height < 2 || width % 2 != 0 || height % 2 != 0 || width > 16384 || height > 16384)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "I420 frames need even sides, 2...16384");
        const cv::Mat yuv(height * 3 / 2, width, CV_8UC1, const_cast<uint8_t *>(data));
        cv::Mat bgr;
        cv::cvtColor(yuv, bgr, cv::COLOR_YUV2BGR_I420);
        overlay(bgr, overlay_or_null);
        cv::imshow(window->name, bgr);
        window->shown = true;
    });
}

fd_status fd_window_geometry(fd_window *window, int32_t *out_x, int32_t *out_y, int32_t *out_width, int32_t *out_height) {
    return fd::guarded(__func__, [&] {
        if (window == nullptr || !out_x || !out_y || !out_width || !out_height) fd::fail(FD_ERR_INVALID_ARGUMENT, "NULL argument");
        const cv::Rect r = cv::getWindowImageRect(window->name);
        *out_x = r.x;
        *out_y = r.y;
        *out_width = r.width;
        *out_height = r.height;
    });
}

} // extern "C"

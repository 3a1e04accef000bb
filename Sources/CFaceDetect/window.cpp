// fd_window: a highgui window for the selfie preview.
#include "internal.hpp"

#include <opencv2/highgui.hpp>

struct fd_window {
    std::string name;
    bool shown = false;
};

extern "C" {

fd_status fd_window_create(const char *title, fd_window **out_window) {
    return fd::guarded(__func__, [&] {
        if (title == nullptr || out_window == nullptr) fd::fail(FD_ERR_INVALID_ARGUMENT, "title or out_window is NULL");
        auto window = std::make_unique<fd_window>();
        window->name = title;
        cv::namedWindow(window->name, cv::WINDOW_AUTOSIZE);
        *out_window = window.release();
    });
}

fd_status fd_window_show(fd_window *window, const fd_image *image) {
    return fd::guarded(__func__, [&] {
        if (window == nullptr) fd::fail(FD_ERR_INVALID_ARGUMENT, "window is NULL");
        cv::imshow(window->name, fd::toBGR(image));
        window->shown = true;
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

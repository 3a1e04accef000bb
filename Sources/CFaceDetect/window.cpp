// fd_window: highgui windows for the live and selfie previews.
#include "internal.hpp"

#include "cprocess.h"

#include <opencv2/highgui.hpp>

#include <cerrno>
#include <dlfcn.h>
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
        // Loaded here, not in the copy: loading libraries in a forked copy of a process
        // with threads could wait forever on a lock one of those threads held.
        const fd::HighGUI &gui = fd::highgui();
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
                gui.namedWindow("facesticker display probe", cv::WINDOW_AUTOSIZE);
                gui.destroyAllWindows();
            } catch (...) {
                status = 1;
            }
            _exit(status);
        }
        // A display that does not answer within the time is as good as none (the copy is killed).
        int status = 0;
        const int waited = proc_wait(child, timeout_ms, &status);
        if (waited == ETIMEDOUT) return;
        if (waited != 0) fd::fail(FD_ERR_INTERNAL, std::string("waitpid: ") + std::strerror(waited));
        *out_reachable = WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 1 : 0;
    });
}

fd_status fd_window_wait_key(fd_window *window, int32_t delay_ms, int32_t *out_key, int32_t *out_closed) {
    return fd::guarded(__func__, [&] {
        if (window == nullptr || out_key == nullptr || out_closed == nullptr)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "window or an out pointer is NULL");
        if (delay_ms < 1 || delay_ms > 10000) fd::fail(FD_ERR_INVALID_ARGUMENT, "delay_ms must be 1...10000");
        const fd::HighGUI &gui = fd::highgui();
        const int key = gui.waitKey(delay_ms);
        // Before the first imshow the window may not exist yet as far as highgui knows.
        const bool closed = window->shown && gui.getWindowProperty(window->name, cv::WND_PROP_VISIBLE) < 1;
        *out_key = key < 0 ? -1 : (key & 0xFF);
        *out_closed = closed ? 1 : 0;
    });
}

void fd_window_destroy(fd_window *window) {
    if (window == nullptr) return;
    // Destroying must not throw across the C boundary; a window already gone is fine.
    try {
        const fd::HighGUI &gui = fd::highgui();
        gui.destroyWindow(window->name);
        gui.waitKey(1);
    } catch (...) {
    }
    delete window;
}

} // extern "C"

// ---- The live preview: a plain window fitted to the screen.

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
        const fd::HighGUI &gui = fd::highgui();
        gui.namedWindow(window->name, cv::WINDOW_NORMAL | cv::WINDOW_KEEPRATIO | cv::WINDOW_GUI_NORMAL);
        if (screen_width > 0 && screen_height > 0) gui.resizeWindow(window->name, width, height);
        *out_window = window.release();
    });
}

fd_status fd_window_show(fd_window *window, const fd_image *image) {
    return fd::guarded(__func__, [&] {
        if (window == nullptr) fd::fail(FD_ERR_INVALID_ARGUMENT, "window is NULL");
        fd::highgui().imshow(window->name, fd::toBGR(image));
        window->shown = true;
    });
}

fd_status fd_window_geometry(fd_window *window, int32_t *out_x, int32_t *out_y, int32_t *out_width, int32_t *out_height) {
    return fd::guarded(__func__, [&] {
        if (window == nullptr || !out_x || !out_y || !out_width || !out_height) fd::fail(FD_ERR_INVALID_ARGUMENT, "NULL argument");
        const cv::Rect r = fd::highgui().getWindowImageRect(window->name);
        *out_x = r.x;
        *out_y = r.y;
        *out_width = r.width;
        *out_height = r.height;
    });
}

} // extern "C"

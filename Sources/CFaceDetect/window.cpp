// fd_window: a highgui window for the selfie preview.
#include "internal.hpp"

#include <opencv2/highgui.hpp>

#include <cerrno>
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

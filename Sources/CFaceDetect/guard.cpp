// The exception guard and error bookkeeping shared by every entry point.
#include "internal.hpp"

#include <opencv2/core/utils/logger.hpp>
#include <opencv2/imgproc.hpp>

#include <fstream>
#include <mutex>
#include <new>
#include <shared_mutex>
#include <sys/stat.h>

namespace {
thread_local std::string lastError;
// Every entry point holds it shared; fd_set_thread_count holds it alone.
std::shared_mutex openCVPool;
// Entry points calling entry points take the lock once (shared_mutex is not recursive).
thread_local int depth = 0;

// OpenCV logs warnings to stderr on its own (a failed imread, for one); the
// CLI promises one clear line per problem, so the library stays silent and
// reports through fd_last_error() instead.
void silenceOpenCVOnce() {
    static const bool silenced = [] {
        cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
        return true;
    }();
    (void)silenced;
}
} // namespace

namespace fd {

void fail(fd_status status, const std::string &message) { throw Failure{status, message}; }

fd_status guarded(const char *function, const std::function<void()> &body, bool exclusive) {
    lastError.clear();
    try {
        std::shared_lock<std::shared_mutex> shared(openCVPool, std::defer_lock);
        std::unique_lock<std::shared_mutex> alone(openCVPool, std::defer_lock);
        if (depth == 0) {
            if (exclusive) alone.lock(); else shared.lock();
        }
        struct Depth {
            Depth() { depth++; }
            ~Depth() { depth--; }
        } nested;
        silenceOpenCVOnce();
        body();
        return FD_OK;
    } catch (const Failure &failure) {
        lastError = failure.message;
        return failure.status;
    } catch (const cv::Exception &error) {
        lastError = std::string(function) + ": OpenCV: " + error.err;
        return FD_ERR_INTERNAL;
    } catch (const std::bad_alloc &) {
        lastError = std::string(function) + ": out of memory";
        return FD_ERR_INTERNAL;
    } catch (const std::exception &error) {
        lastError = std::string(function) + ": " + error.what();
        return FD_ERR_INTERNAL;
    } catch (...) {
        lastError = std::string(function) + ": unknown C++ exception";
        return FD_ERR_INTERNAL;
    }
}

bool readableFile(const char *path) {
    struct stat info;
    if (path == nullptr || stat(path, &info) != 0 || !S_ISREG(info.st_mode)) return false;
    std::ifstream stream(path, std::ios::binary);
    return stream.good();
}

std::vector<uchar> readBytes(const std::string &path) {
    std::ifstream stream(path, std::ios::binary);
    if (!stream) fail(FD_ERR_NOT_FOUND, "cannot open " + path);
    // In blocks: an istreambuf_iterator goes byte by byte, which took 0.1 s of CPU
    // for the two detector threads' CenterFace models in every video.
    std::vector<uchar> bytes;
    char block[1 << 16];
    while (stream.read(block, sizeof block) || stream.gcount() > 0) {
        bytes.insert(bytes.end(), block, block + stream.gcount());
    }
    if (stream.bad()) fail(FD_ERR_NOT_FOUND, "cannot read " + path);
    return bytes;
}

int checkedChannels(const fd_image *image) {
    if (image == nullptr || image->data == nullptr) fail(FD_ERR_INVALID_ARGUMENT, "image or its data is NULL");
    if (image->width <= 0 || image->height <= 0)
        fail(FD_ERR_INVALID_ARGUMENT, "image size " + std::to_string(image->width) + "x" +
                                          std::to_string(image->height) + " is not positive");
    int channels = 0;
    switch (rawValue(image->format)) {
    case FD_PIXEL_GRAY8: channels = 1; break;
    case FD_PIXEL_RGB8: case FD_PIXEL_BGR8: channels = 3; break;
    case FD_PIXEL_RGBA8: channels = 4; break;
    default: fail(FD_ERR_INVALID_ARGUMENT, "unknown pixel format " + std::to_string(rawValue(image->format)));
    }
    if (int64_t(image->stride) < int64_t(image->width) * channels)
        fail(FD_ERR_INVALID_ARGUMENT, "stride " + std::to_string(image->stride) + " is less than width x " +
                                          std::to_string(channels) + " bytes");
    return channels;
}

cv::Mat view(const fd_image *image) {
    const int channels = checkedChannels(image);
    // The Mat only reads from the borrowed buffer; OpenCV's API wants non-const.
    return cv::Mat(image->height, image->width, CV_8UC(channels), const_cast<uint8_t *>(image->data),
                   size_t(image->stride));
}

cv::Mat toBGR(const cv::Mat &pixels, fd_pixel_format format) {
    cv::Mat bgr;
    switch (format) {
    case FD_PIXEL_GRAY8: cv::cvtColor(pixels, bgr, cv::COLOR_GRAY2BGR); break;
    case FD_PIXEL_RGB8: cv::cvtColor(pixels, bgr, cv::COLOR_RGB2BGR); break;
    case FD_PIXEL_RGBA8: cv::cvtColor(pixels, bgr, cv::COLOR_RGBA2BGR); break;
    default: bgr = pixels; break;
    }
    return bgr;
}

cv::Mat toBGR(const fd_image *image) { return toBGR(view(image), image->format); }

} // namespace fd

extern "C" fd_status fd_set_thread_count(int32_t count) {
    return fd::guarded(__func__, [&] {
        if (count < 0) fd::fail(FD_ERR_INVALID_ARGUMENT, "thread count " + std::to_string(count) + " is negative");
        // OpenCV's own 0 means "no helper threads" and -1 its default: ours is a plain count.
        cv::setNumThreads(count == 0 ? -1 : int(count));
    }, /*exclusive*/ true);
}

extern "C" const char *fd_last_error(void) { return lastError.c_str(); }

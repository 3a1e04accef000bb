// Shared by the .cpp files of CFaceDetect; never included from Swift.
#pragma once

#include "facedetect.h"
#include "fd_draw.h"
#include "fd_mesh.h"
#include "fd_picture.h"
#include "fd_window.h"

#include <opencv2/core.hpp>

#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace fd {

/// Thrown inside the library to leave an entry point with a given status;
/// caught by `guarded` and never allowed past the C boundary.
struct Failure {
    fd_status status;
    std::string message;
};

[[noreturn]] void fail(fd_status status, const std::string &message);

/// Runs `body`, turning every exception into a status and recording its
/// message for fd_last_error(). Every C entry point's body goes through here.
/// Bodies run under a shared lock; an `exclusive` one (changing OpenCV's
/// process-wide thread pool) waits until no other body runs, because OpenCV
/// rebuilds its pool while other threads are inside it and crashes.
fd_status guarded(const char *function, const std::function<void()> &body, bool exclusive = false);

/// The value of an enum a C caller filled in. C lets any int through, and in
/// C++ loading a value outside the enum's range as the enum type is undefined
/// (UBSan: "not a valid value for type"), so it is read as its underlying type.
template <typename Enum> int64_t rawValue(const Enum &field) {
    std::underlying_type_t<Enum> raw;
    std::memcpy(&raw, &field, sizeof raw);
    return int64_t(raw);
}

/// Wraps a borrowed image as a BGR Mat (a copy when conversion is needed),
/// after checking every field.
cv::Mat toBGR(const fd_image *image);

/// A borrowed image as a Mat over the caller's pixels (no copy), after checking every field.
cv::Mat view(const fd_image *image);

/// `pixels` in `format` converted to BGR (shared, not copied, when already BGR).
cv::Mat toBGR(const cv::Mat &pixels, fd_pixel_format format);

/// Validates an fd_image and returns its channel count.
int checkedChannels(const fd_image *image);

/// True when `path` names a regular file that can be opened for reading.
bool readableFile(const char *path);

/// Whether the file starts as a JPEG does (FF D8 FF).
bool isJPEG(const char *path);

/// Decodes a JPEG file to upright RGBA (jpeg.cpp); `warning` gets libjpeg's warnings
/// ("" when none). Fails with FD_ERR_DECODE and libjpeg's reason.
cv::Mat readJPEG(const char *path, std::string &warning);

/// Reads a whole file into memory.
std::vector<uchar> readBytes(const std::string &path);

/// highgui's functions used here, loaded on first use (lazy.cpp). Fails with
/// FD_ERR_INTERNAL naming the library when it cannot be loaded.
struct HighGUI {
    void (*namedWindow)(const cv::String &, int);
    void (*destroyWindow)(const cv::String &);
    void (*destroyAllWindows)();
    int (*waitKey)(int);
    double (*getWindowProperty)(const cv::String &, int);
    void (*resizeWindow)(const cv::String &, int, int);
    void (*imshow)(const cv::String &, cv::InputArray);
    cv::Rect (*getWindowImageRect)(const cv::String &);
};
const HighGUI &highgui();

/// imgcodecs' functions used here, loaded on first use (lazy.cpp), as `highgui`.
struct ImageCodecs {
    cv::Mat (*imread)(const cv::String &, int);
    bool (*imencode)(const cv::String &, cv::InputArray, std::vector<uchar> &, const std::vector<int> &);
};
const ImageCodecs &imageCodecs();

/// One detector implementation. Faces are returned in the coordinates of the
/// BGR image passed to `detect`, unsorted.
class Backend {
public:
    virtual ~Backend() = default;
    virtual std::vector<fd_face> detect(const cv::Mat &bgr) = 0;
};

std::unique_ptr<Backend> makeHaar(const fd_detector_params &params);
std::unique_ptr<Backend> makeYuNet(const fd_detector_params &params);
std::unique_ptr<Backend> makeCenterFace(const fd_detector_params &params);

} // namespace fd

// OpenCV's image codecs and highgui, loaded on first use (dlopen) rather than linked:
// imgcodecs brings 139 libraries (GDAL among them) and highgui Qt, and loading them took
// about 0.1 s at the start of every run (83,000 symbol lookups), though most runs (video,
// detection on PNG and JPEG) use neither. Only Debian's OpenCV 4.6 is built against, so its
// library names and the C++ symbol names below are fixed; the names encode each
// function's parameter types, so a library that lacks one is refused, never miscalled.
#include "internal.hpp"

#include <dlfcn.h>

static_assert(CV_VERSION_MAJOR == 4 && CV_VERSION_MINOR == 6, "the library and symbol names below are OpenCV 4.6's");

namespace {

/// `symbol` of `library`, loaded (once; dlopen counts) with its dependencies.
template <typename Function> Function *symbol(const char *library, const char *name) {
    // RTLD_GLOBAL, as linking would: Qt's plugins and OpenCV's own see what it loads.
    void *handle = dlopen(library, RTLD_NOW | RTLD_GLOBAL);
    if (handle == nullptr) {
        const char *why = dlerror();
        fd::fail(FD_ERR_INTERNAL, std::string("cannot load ") + library + ": " + (why ? why : "unknown error"));
    }
    void *found = dlsym(handle, name);
    if (found == nullptr) fd::fail(FD_ERR_INTERNAL, std::string(library) + " lacks " + name);
    return reinterpret_cast<Function *>(found);
}

constexpr const char *highguiLibrary = "libopencv_highgui.so.406";
constexpr const char *codecsLibrary = "libopencv_imgcodecs.so.406";

fd::HighGUI loadHighGUI() {
    fd::HighGUI f;
    f.namedWindow = symbol<void(const cv::String &, int)>(
        highguiLibrary, "_ZN2cv11namedWindowERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEi");
    f.destroyWindow = symbol<void(const cv::String &)>(
        highguiLibrary, "_ZN2cv13destroyWindowERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE");
    f.destroyAllWindows = symbol<void()>(highguiLibrary, "_ZN2cv17destroyAllWindowsEv");
    f.waitKey = symbol<int(int)>(highguiLibrary, "_ZN2cv7waitKeyEi");
    f.getWindowProperty = symbol<double(const cv::String &, int)>(
        highguiLibrary, "_ZN2cv17getWindowPropertyERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEi");
    f.resizeWindow = symbol<void(const cv::String &, int, int)>(
        highguiLibrary, "_ZN2cv12resizeWindowERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEii");
    f.imshow = symbol<void(const cv::String &, cv::InputArray)>(
        highguiLibrary, "_ZN2cv6imshowERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKNS_11_InputArrayE");
    f.getWindowImageRect = symbol<cv::Rect(const cv::String &)>(
        highguiLibrary, "_ZN2cv18getWindowImageRectERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE");
    return f;
}

fd::ImageCodecs loadImageCodecs() {
    fd::ImageCodecs f;
    f.imread = symbol<cv::Mat(const cv::String &, int)>(
        codecsLibrary, "_ZN2cv6imreadERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEi");
    f.imencode = symbol<bool(const cv::String &, cv::InputArray, std::vector<uchar> &, const std::vector<int> &)>(
        codecsLibrary, "_ZN2cv8imencodeERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKNS_11_InputArrayE"
                       "RSt6vectorIhSaIhEERKSB_IiSaIiEE");
    return f;
}

} // namespace

namespace fd {

// A function-local static is built once, by one thread; when loading fails (it throws),
// the next call tries again.
const HighGUI &highgui() {
    static const HighGUI loaded = loadHighGUI();
    return loaded;
}

const ImageCodecs &imageCodecs() {
    static const ImageCodecs loaded = loadImageCodecs();
    return loaded;
}

} // namespace fd

// JPEG decoding through libjpeg(-turbo) directly, with an error manager of our own:
// libjpeg's default one prints its warnings ("Premature end of JPEG file") to stderr,
// which OpenCV's decoder leaves in place. Here they are collected as plain text for
// fd_picture_warning, and a fatal error ends the decode with its message. Pixels match
// OpenCV's decoder (same library, same defaults, EXIF orientation applied as it does).
#include "internal.hpp"

#include <opencv2/core.hpp>

#include <cerrno>
#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <memory>

#include <jpeglib.h>

namespace {

/// libjpeg's error manager made to collect instead of print. Plain data only: a fatal
/// error longjmps out of libjpeg, which must skip no C++ destructor.
struct Collector {
    jpeg_error_mgr manager; // first: libjpeg sees a jpeg_error_mgr *
    std::jmp_buf jump;
    char fatal[JMSG_LENGTH_MAX];
    /// The first few distinct warnings, and how many there were in all.
    static constexpr int kept = 3;
    char warnings[kept][JMSG_LENGTH_MAX];
    int stored;
    long total;
};

Collector *collector(j_common_ptr info) { return reinterpret_cast<Collector *>(info->err); }

void errorExit(j_common_ptr info) {
    Collector *c = collector(info);
    c->manager.format_message(info, c->fatal);
    std::longjmp(c->jump, 1);
}

// msg_level -1 is a warning (damaged data libjpeg decoded past); 0 and up are traces.
void emitMessage(j_common_ptr info, int level) {
    if (level >= 0) return;
    Collector *c = collector(info);
    c->manager.num_warnings++;
    c->total++;
    if (c->stored == Collector::kept) return;
    char text[JMSG_LENGTH_MAX];
    c->manager.format_message(info, text);
    for (int i = 0; i < c->stored; ++i)
        if (std::strcmp(c->warnings[i], text) == 0) return;
    std::memcpy(c->warnings[c->stored++], text, sizeof text);
}

void outputMessage(j_common_ptr) {} // never printed

// The steps that may longjmp, each in a function of its own holding no C++ object
// (only what the caller owns is touched), so the jump back skips no destructor.

bool readHeader(jpeg_decompress_struct *info, Collector *c, std::FILE *file) {
    if (setjmp(c->jump) != 0) return false;
    jpeg_stdio_src(info, file);
    jpeg_save_markers(info, JPEG_APP0 + 1, 0xFFFF); // EXIF
    jpeg_read_header(info, TRUE);
    return true;
}

bool start(jpeg_decompress_struct *info, Collector *c) {
    if (setjmp(c->jump) != 0) return false;
    // CMYK (Adobe) files are decoded as such and converted below, as OpenCV does.
    info->out_color_space = info->num_components == 4 ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(info);
    return true;
}

bool readRows(jpeg_decompress_struct *info, Collector *c, cv::Mat *rgba) {
    if (setjmp(c->jump) != 0) return false;
    while (info->output_scanline < info->output_height) {
        JSAMPROW row = rgba->ptr(int(info->output_scanline));
        if (jpeg_read_scanlines(info, &row, 1) != 1) {
            std::snprintf(c->fatal, sizeof c->fatal, "decoding stopped at row %u", info->output_scanline);
            return false;
        }
    }
    jpeg_finish_decompress(info);
    return true;
}

/// The EXIF orientation (1...8) in an APP1 marker's TIFF data; 1 when absent or malformed.
int exifOrientation(const jpeg_decompress_struct &info) {
    for (jpeg_saved_marker_ptr m = info.marker_list; m != nullptr; m = m->next) {
        const uint8_t *p = m->data;
        const size_t n = m->data_length;
        if (m->marker != JPEG_APP0 + 1 || n < 14 || std::memcmp(p, "Exif\0\0", 6) != 0) continue;
        const uint8_t *tiff = p + 6;
        const size_t size = n - 6;
        const bool little = tiff[0] == 'I' && tiff[1] == 'I';
        if (!little && !(tiff[0] == 'M' && tiff[1] == 'M')) continue;
        auto u16 = [&](size_t at) { return little ? tiff[at] | tiff[at + 1] << 8 : tiff[at] << 8 | tiff[at + 1]; };
        auto u32 = [&](size_t at) {
            return little ? uint32_t(u16(at)) | uint32_t(u16(at + 2)) << 16 : uint32_t(u16(at)) << 16 | u16(at + 2);
        };
        const uint32_t ifd = u32(4);
        if (ifd > size || size - ifd < 2) continue;
        const unsigned entries = unsigned(u16(ifd));
        for (unsigned i = 0; i < entries; ++i) {
            const size_t at = size_t(ifd) + 2 + size_t(i) * 12;
            if (at > size || size - at < 12) break;
            if (u16(at) == 0x0112 && u16(at + 2) == 3) { // Orientation, SHORT
                const int value = u16(at + 8);
                return value >= 1 && value <= 8 ? value : 1;
            }
        }
    }
    return 1;
}

/// Turns the stored pixels upright, as OpenCV's imread does for each EXIF orientation.
void applyOrientation(cv::Mat &image, int orientation) {
    switch (orientation) {
    case 2: cv::flip(image, image, 1); break;
    case 3: cv::flip(image, image, -1); break;
    case 4: cv::flip(image, image, 0); break;
    case 5: cv::transpose(image, image); break;
    case 6: cv::transpose(image, image); cv::flip(image, image, 1); break;
    case 7: cv::transpose(image, image); cv::flip(image, image, -1); break;
    case 8: cv::transpose(image, image); cv::flip(image, image, 0); break;
    default: break;
    }
}

/// Adobe's inverted CMYK to RGBA, with OpenCV's arithmetic (icvCvt_CMYK2BGR_8u_C4C3R).
void cmykToRGBA(cv::Mat &pixels) {
    for (int y = 0; y < pixels.rows; ++y) {
        uint8_t *p = pixels.ptr(y);
        for (int x = 0; x < pixels.cols; ++x, p += 4) {
            const int c = p[0], m = p[1], yellow = p[2], k = p[3];
            p[0] = uint8_t(k - ((255 - c) * k >> 8));
            p[1] = uint8_t(k - ((255 - m) * k >> 8));
            p[2] = uint8_t(k - ((255 - yellow) * k >> 8));
            p[3] = 255;
        }
    }
}

} // namespace

namespace fd {

bool isJPEG(const char *path) {
    std::unique_ptr<std::FILE, int (*)(std::FILE *)> file(std::fopen(path, "rb"), std::fclose);
    unsigned char head[3] = {0, 0, 0};
    return file && std::fread(head, 1, 3, file.get()) == 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF;
}

cv::Mat readJPEG(const char *path, std::string &warning) {
    std::unique_ptr<std::FILE, int (*)(std::FILE *)> file(std::fopen(path, "rb"), std::fclose);
    if (!file) fail(FD_ERR_NOT_FOUND, std::string("cannot open: ") + std::strerror(errno));
    // Plain data, zeroed: the collector and libjpeg's state live here, outside every setjmp frame.
    auto c = std::make_unique<Collector>();
    std::memset(c.get(), 0, sizeof(Collector));
    auto info = std::make_unique<jpeg_decompress_struct>();
    std::memset(info.get(), 0, sizeof(jpeg_decompress_struct));
    info->err = jpeg_std_error(&c->manager);
    c->manager.error_exit = errorExit;
    c->manager.emit_message = emitMessage;
    c->manager.output_message = outputMessage;
    jpeg_create_decompress(info.get());
    struct Destroy {
        jpeg_decompress_struct *info;
        ~Destroy() { jpeg_destroy_decompress(info); }
    } destroy{info.get()};

    auto failed = [&] { fail(FD_ERR_DECODE, std::string("damaged JPEG: ") + c->fatal); };
    if (!readHeader(info.get(), c.get(), file.get())) failed();
    const int orientation = exifOrientation(*info);
    if (!start(info.get(), c.get())) failed();
    if (info->output_components != 4) fail(FD_ERR_DECODE, "damaged JPEG: unexpected colour components");
    cv::Mat pixels(int(info->output_height), int(info->output_width), CV_8UC4);
    if (!readRows(info.get(), c.get(), &pixels)) failed();
    if (info->out_color_space == JCS_CMYK) cmykToRGBA(pixels);
    applyOrientation(pixels, orientation);

    warning.clear();
    for (int i = 0; i < c->stored; ++i) warning += (i > 0 ? "; " : "") + std::string(c->warnings[i]);
    if (c->total > c->stored) warning += "; " + std::to_string(c->total - c->stored) + " more";
    return pixels;
}

} // namespace fd

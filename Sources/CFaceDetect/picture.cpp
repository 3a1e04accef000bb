// fd_picture and JPEG writing: OpenCV's image codecs.
#include "internal.hpp"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cstring>
#include <fstream>

struct fd_picture {
    cv::Mat rgba;
};

namespace {

// As LibPNG.maxPixels on the Swift side: 1 GiB as RGBA.
constexpr int64_t kMaxPixels = int64_t(1) << 28;

int64_t bigEndian(const uint8_t *bytes, int count) {
    int64_t value = 0;
    for (int i = 0; i < count; ++i) value = value << 8 | bytes[i];
    return value;
}

// A forged PNG or JPEG header must not cost gigabytes before decoding finds
// the data missing (an 884-byte JPEG claiming 30000x30000 took 7 GB), so the
// size a header claims is checked against what the file can hold: PNG rows
// take at least a filter byte and a bit per pixel, deflated at most 1032:1;
// a Huffman-coded JPEG's first scan codes every block of a component, which
// covers at most 32x32 pixels (8x8, subsampled by at most 4), in at least a
// bit. (Arithmetic-coded JPEGs can do better; none so uniform is accepted.)
// Other formats are left to OpenCV's own limits.
void checkClaimedSize(const char *path) {
    std::ifstream in(path, std::ios::binary);
    uint8_t head[24] = {};
    in.read(reinterpret_cast<char *>(head), sizeof head);
    in.clear();
    in.seekg(0, std::ios::end);
    const int64_t fileBytes = in.tellg();
    int64_t width = 0, height = 0, leastBytes = 0;
    if (std::memcmp(head, "\x89PNG\r\n\x1a\n", 8) == 0 && std::memcmp(head + 12, "IHDR", 4) == 0) {
        width = bigEndian(head + 16, 4);
        height = bigEndian(head + 20, 4);
        leastBytes = height * (1 + (width + 7) / 8) / 1032;
    } else if (head[0] == 0xFF && head[1] == 0xD8) {
        // Segments from SOI up to the frame header (SOF0...SOF15 but DHT, JPG, DAC).
        int64_t offset = 2;
        for (int segments = 0; segments < 10000 && width == 0; ++segments) {
            uint8_t marker[9] = {};
            in.clear();
            in.seekg(offset);
            if (!in.read(reinterpret_cast<char *>(marker), sizeof marker) || marker[0] != 0xFF) return;
            const uint8_t kind = marker[1];
            if (kind == 0xD9 || kind == 0xDA) return; // end or scan before any frame header
            if (kind >= 0xC0 && kind <= 0xCF && kind != 0xC4 && kind != 0xC8 && kind != 0xCC) {
                height = bigEndian(marker + 5, 2);
                width = bigEndian(marker + 7, 2);
                break;
            }
            const int64_t length = bigEndian(marker + 2, 2);
            if (length < 2) return;
            offset += 2 + length;
        }
        leastBytes = ((width + 31) / 32) * ((height + 31) / 32) / 8;
    }
    if (width <= 0 || height <= 0) return;
    const std::string claim = "header claims " + std::to_string(width) + "x" + std::to_string(height) + " pixels";
    if (width * height > kMaxPixels)
        fd::fail(FD_ERR_DECODE, claim + ", more than the " + std::to_string(kMaxPixels) + " allowed");
    if (leastBytes > fileBytes)
        fd::fail(FD_ERR_DECODE, claim + ", more than its " + std::to_string(fileBytes) + " bytes can hold");
}

} // namespace

extern "C" {

fd_status fd_picture_read(const char *path, fd_picture **out_picture) {
    return fd::guarded(__func__, [&] {
        if (path == nullptr || out_picture == nullptr)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "path or out_picture is NULL");
        if (!fd::readableFile(path)) fd::fail(FD_ERR_NOT_FOUND, "no such file");
        checkClaimedSize(path);
        // IMREAD_COLOR applies the EXIF orientation, so the picture is upright.
        const cv::Mat bgr = cv::imread(path, cv::IMREAD_COLOR);
        if (bgr.empty()) fd::fail(FD_ERR_DECODE, "not a readable image");
        auto picture = std::make_unique<fd_picture>();
        cv::cvtColor(bgr, picture->rgba, cv::COLOR_BGR2RGBA);
        *out_picture = picture.release();
    });
}

void fd_picture_destroy(fd_picture *picture) { delete picture; }

fd_status fd_picture_size(const fd_picture *picture, int32_t *out_width, int32_t *out_height) {
    return fd::guarded(__func__, [&] {
        if (picture == nullptr || out_width == nullptr || out_height == nullptr)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "picture or an out pointer is NULL");
        *out_width = picture->rgba.cols;
        *out_height = picture->rgba.rows;
    });
}

fd_status fd_picture_copy_rgba(const fd_picture *picture, uint8_t *out_pixels, int32_t stride,
                               int64_t capacity) {
    return fd::guarded(__func__, [&] {
        if (picture == nullptr || out_pixels == nullptr)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "picture or out_pixels is NULL");
        const cv::Mat &rgba = picture->rgba;
        const int64_t rowBytes = int64_t(rgba.cols) * 4;
        if (stride < rowBytes) fd::fail(FD_ERR_INVALID_ARGUMENT, "stride is less than width x 4");
        if (capacity < int64_t(stride) * (rgba.rows - 1) + rowBytes)
            fd::fail(FD_ERR_CAPACITY, "pixel buffer is too small");
        for (int y = 0; y < rgba.rows; ++y)
            std::memcpy(out_pixels + int64_t(y) * stride, rgba.ptr(y), size_t(rowBytes));
    });
}

fd_status fd_jpeg_write(const char *path, const fd_image *image, int32_t quality) {
    return fd::guarded(__func__, [&] {
        if (path == nullptr) fd::fail(FD_ERR_INVALID_ARGUMENT, "path is NULL");
        if (quality < 1 || quality > 100) fd::fail(FD_ERR_INVALID_ARGUMENT, "quality must be 1...100");
        const cv::Mat bgr = fd::toBGR(image);
        bool written = false;
        try {
            written = cv::imwrite(path, bgr, {cv::IMWRITE_JPEG_QUALITY, quality});
        } catch (const cv::Exception &error) {
            fd::fail(FD_ERR_ENCODE, std::string("cannot write JPEG: ") + error.err);
        }
        if (!written) fd::fail(FD_ERR_ENCODE, "cannot write JPEG");
    });
}

} // extern "C"

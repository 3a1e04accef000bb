// fd_picture, JPEG writing, resizing and YUV conversion: OpenCV's image codecs and imgproc.
// A forged header's claim is checked by the caller before decoding (see fd_picture.h).
#include "internal.hpp"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

struct fd_picture {
    cv::Mat rgba;
    /// What the decoder warned of (damaged data it decoded past); "" when nothing.
    std::string warning;
};

extern "C" {

fd_status fd_picture_read(const char *path, fd_picture **out_picture) {
    return fd::guarded(__func__, [&] {
        if (path == nullptr || out_picture == nullptr)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "path or out_picture is NULL");
        if (!fd::readableFile(path)) fd::fail(FD_ERR_NOT_FOUND, "no such file");
        auto picture = std::make_unique<fd_picture>();
        if (fd::isJPEG(path)) {
            picture->rgba = fd::readJPEG(path, picture->warning);
            *out_picture = picture.release();
            return;
        }
        // IMREAD_COLOR applies the EXIF orientation, so the picture is upright.
        cv::Mat bgr;
        try {
            bgr = fd::imageCodecs().imread(path, cv::IMREAD_COLOR);
        } catch (const cv::Exception &error) {
            // A header past OpenCV's own limits (CV_IO_MAX_IMAGE_PIXELS) is refused by an assertion.
            fd::fail(FD_ERR_DECODE, std::string("not a readable image: ") + error.err);
        }
        if (bgr.empty()) fd::fail(FD_ERR_DECODE, "not a readable image");
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

fd_status fd_picture_warning(const fd_picture *picture, const char **out_text) {
    return fd::guarded(__func__, [&] {
        if (picture == nullptr || out_text == nullptr) fd::fail(FD_ERR_INVALID_ARGUMENT, "picture or out_text is NULL");
        *out_text = picture->warning.c_str();
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
        std::vector<uchar> bytes;
        bool encoded = false;
        try {
            encoded = fd::imageCodecs().imencode(".jpg", bgr, bytes, {cv::IMWRITE_JPEG_QUALITY, quality});
        } catch (const cv::Exception &error) {
            fd::fail(FD_ERR_ENCODE, std::string("cannot encode JPEG: ") + error.err);
        }
        if (!encoded) fd::fail(FD_ERR_ENCODE, "cannot encode JPEG");
        // Written here rather than by imwrite, whose libjpeg says only "cannot write": a full
        // disk is named by errno.
        std::FILE *file = std::fopen(path, "wb");
        if (file == nullptr) fd::fail(FD_ERR_ENCODE, std::strerror(errno));
        const bool wrote = std::fwrite(bytes.data(), 1, bytes.size(), file) == bytes.size() && std::fflush(file) == 0;
        const int code = errno;
        if (std::fclose(file) != 0 || !wrote) fd::fail(FD_ERR_ENCODE, std::strerror(wrote ? errno : code));
    });
}

fd_status fd_image_resize(const fd_image *image, uint8_t *out_pixels, int32_t width, int32_t height,
                          int32_t stride, int64_t capacity) {
    return fd::guarded(__func__, [&] {
        const cv::Mat source = fd::view(image);
        if (out_pixels == nullptr) fd::fail(FD_ERR_INVALID_ARGUMENT, "out_pixels is NULL");
        if (width <= 0 || height <= 0 || width > 65536 || height > 65536)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "target size " + std::to_string(width) + "x" + std::to_string(height) +
                                                  " is not 1...65536 a side");
        if (int64_t(stride) < int64_t(width) * source.channels() || int64_t(stride) * height > capacity)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "the output buffer is too small for the target size");
        cv::Mat target(height, width, source.type(), out_pixels, size_t(stride));
        const bool shrinking = int64_t(width) * height < int64_t(source.cols) * source.rows;
        cv::resize(source, target, cv::Size(width, height), 0, 0, shrinking ? cv::INTER_AREA : cv::INTER_LINEAR);
        if (target.data != out_pixels) fd::fail(FD_ERR_INTERNAL, "resize reallocated its output");
    });
}

fd_status fd_image_warp_affine(const fd_image *image, const double matrix[6], uint8_t *out_pixels, int32_t width,
                               int32_t height, int32_t stride, int64_t capacity) {
    return fd::guarded(__func__, [&] {
        const cv::Mat source = fd::view(image);
        if (matrix == nullptr || out_pixels == nullptr) fd::fail(FD_ERR_INVALID_ARGUMENT, "matrix or out_pixels is NULL");
        if (width <= 0 || height <= 0 || width > 65536 || height > 65536)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "target size " + std::to_string(width) + "x" + std::to_string(height) +
                                                  " is not 1...65536 a side");
        if (int64_t(stride) < int64_t(width) * source.channels() || int64_t(stride) * height > capacity)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "the output buffer is too small for the target size");
        for (int i = 0; i < 6; ++i)
            if (!std::isfinite(matrix[i])) fd::fail(FD_ERR_INVALID_ARGUMENT, "the matrix has a value that is not finite");
        const double determinant = matrix[0] * matrix[4] - matrix[1] * matrix[3];
        if (!(std::fabs(determinant) > 1e-12)) fd::fail(FD_ERR_INVALID_ARGUMENT, "the matrix cannot be inverted");
        const cv::Mat forward(2, 3, CV_64F, const_cast<double *>(matrix));
        cv::Mat target(height, width, source.type(), out_pixels, size_t(stride));
        cv::warpAffine(source, target, forward, cv::Size(width, height), cv::INTER_LINEAR, cv::BORDER_CONSTANT,
                       cv::Scalar::all(0));
        if (target.data != out_pixels) fd::fail(FD_ERR_INTERNAL, "warpAffine reallocated its output");
    });
}

fd_status fd_i420_to_rgba(const uint8_t *data, int64_t size, int32_t width, int32_t height, uint8_t *out_pixels,
                          int32_t stride, int64_t capacity) {
    return fd::guarded(__func__, [&] {
        if (data == nullptr || out_pixels == nullptr) fd::fail(FD_ERR_INVALID_ARGUMENT, "data or out_pixels is NULL");
        if (width < 2 || height < 2 || width % 2 != 0 || height % 2 != 0 || width > 16384 || height > 16384)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "I420 frames need even sides, 2...16384");
        if (size < int64_t(width) * height * 3 / 2) fd::fail(FD_ERR_INVALID_ARGUMENT, "data is shorter than the frame");
        if (int64_t(stride) < int64_t(width) * 4 || int64_t(stride) * height > capacity)
            fd::fail(FD_ERR_INVALID_ARGUMENT, "the output buffer is too small for the frame");
        const cv::Mat yuv(height * 3 / 2, width, CV_8UC1, const_cast<uint8_t *>(data));
        cv::Mat rgba(height, width, CV_8UC4, out_pixels, size_t(stride));
        cv::cvtColor(yuv, rgba, cv::COLOR_YUV2RGBA_I420);
        if (rgba.data != out_pixels) fd::fail(FD_ERR_INTERNAL, "conversion reallocated its output");
    });
}

} // extern "C"

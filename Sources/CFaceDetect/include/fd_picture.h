/*
 * fd_picture.h: OpenCV's image codecs and pixel conversions (imgcodecs,
 * imgproc): decoding files, writing JPEG, resizing, YUV to RGBA. The rules of
 * fd_common.h apply. Whether a file's header claims more pixels than its
 * bytes can hold is the caller's check (FaceSticker's `ImageFile`, before
 * decoding); here a picture too large for memory fails with FD_ERR_INTERNAL.
 */
#ifndef FD_PICTURE_H
#define FD_PICTURE_H

#include "fd_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A decoded image file, upright (JPEG EXIF orientation applied). */
typedef struct fd_picture fd_picture;

/** Decodes a PNG, JPEG or other OpenCV-readable image file. The caller owns *out_picture.
 *  JPEG goes through libjpeg with an error manager that prints nothing: a file it
 *  decodes past damage in (cut short, stray bytes) is a picture with a warning
 *  (fd_picture_warning); one it cannot decode is FD_ERR_DECODE with libjpeg's reason. */
fd_status fd_picture_read(const char *path, fd_picture **out_picture);

void fd_picture_destroy(fd_picture *picture);

/** The decoder's warnings about damage it decoded past, joined by "; " (libjpeg's own
 *  words, e.g. "Premature end of JPEG file"), or "" when none. *out_text is owned by
 *  the picture and valid until fd_picture_destroy. */
fd_status fd_picture_warning(const fd_picture *picture, const char **out_text);

/** The upright size of a decoded picture. */
fd_status fd_picture_size(const fd_picture *picture, int32_t *out_width, int32_t *out_height);

/** Copies the picture as 8-bit RGBA into the caller's buffer of
 *  `height` rows of `stride` bytes (stride >= width * 4). */
fd_status fd_picture_copy_rgba(const fd_picture *picture, uint8_t *out_pixels,
                               int32_t stride, int64_t capacity);

/** Encodes `image` as a JPEG file at `path` (quality 1...100). Writes the
 *  file in place; callers wanting atomicity pass a temporary path. */
fd_status fd_jpeg_write(const char *path, const fd_image *image, int32_t quality);

/**
 * Resizes `image` into the caller's buffer of `height` rows of `stride` bytes,
 * `width` x `height` pixels in the same pixel format: area averaging when
 * shrinking, bilinear when enlarging.
 */
fd_status fd_image_resize(const fd_image *image, uint8_t *out_pixels, int32_t width, int32_t height,
                          int32_t stride, int64_t capacity);

/**
 * Draws `image` into the caller's buffer of `height` rows of `stride` bytes
 * (`width` x `height` pixels, same pixel format) through the affine map
 * `matrix` (2x3, row-major), which takes a point of `image` to a point of the
 * output: bilinear, black outside `image`. The face mesh's turned crops.
 * FD_ERR_INVALID_ARGUMENT for a matrix with a value that is not finite or
 * that cannot be inverted.
 */
fd_status fd_image_warp_affine(const fd_image *image, const double matrix[6], uint8_t *out_pixels, int32_t width,
                               int32_t height, int32_t stride, int64_t capacity);

/** Converts a YUV 4:2:0 frame (Y, U, V planes packed, even sides, BT.601
 *  limited range as OpenCV's COLOR_YUV2RGBA_I420) to 8-bit RGBA in the
 *  caller's buffer of `height` rows of `stride` bytes. `size` is the bytes at
 *  `data`: at least width * height * 3 / 2. */
fd_status fd_i420_to_rgba(const uint8_t *data, int64_t size, int32_t width, int32_t height, uint8_t *out_pixels,
                          int32_t stride, int64_t capacity);

#ifdef __cplusplus
}
#endif

#endif

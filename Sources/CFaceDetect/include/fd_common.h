/*
 * fd_common.h: what every CFaceDetect header shares (OpenCV 4.6 behind a
 * plain C11 API, one header per concern as gocv keeps one pair per OpenCV
 * module): the status codes, borrowed images, the last error, the thread pool.
 *
 * Rules for every call of every CFaceDetect header:
 *  - Handles (fd_detector, fd_picture, fd_window) are opaque. Each has one
 *    _create (or _read) call that hands the caller a handle it owns, and one
 *    _destroy call that frees it. _destroy(NULL) is a no-op.
 *  - Images passed in (fd_image) are borrowed for the duration of the call
 *    only; the library never keeps a pointer to caller memory.
 *  - Result buffers (face arrays, pixel buffers) are allocated and owned by
 *    the caller; the library writes at most `capacity` bytes or elements.
 *  - Strings passed in are borrowed. fd_last_error() returns a pointer owned
 *    by the library, valid on the calling thread until its next fd_* call.
 *  - Every call that can fail returns an fd_status and writes its results
 *    through out_ pointers, which are left untouched on failure. No C++
 *    exception ever leaves the library: each entry point catches everything
 *    (one guard, guard.cpp) and records the message for fd_last_error().
 *  - Checks are invariants the C code needs to be safe (non-null pointers,
 *    known enum values, finite numbers, sizes that fit the buffers); the
 *    user-facing ranges of settings are the Swift layer's.
 */
#ifndef FD_COMMON_H
#define FD_COMMON_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The closed set of results of every fallible call. */
typedef enum fd_status {
    FD_OK = 0,
    FD_ERR_INVALID_ARGUMENT = 1, /* null pointer, bad size, stride or parameter */
    FD_ERR_NOT_FOUND = 2,        /* a file does not exist or cannot be opened */
    FD_ERR_MODEL = 3,            /* a model or cascade file failed to load */
    FD_ERR_DECODE = 4,           /* an image file could not be decoded */
    FD_ERR_ENCODE = 5,           /* an image could not be encoded or written */
    FD_ERR_CAPACITY = 6,         /* the caller's buffer is too small; see out_count */
    FD_ERR_INTERNAL = 7          /* OpenCV failed (out of memory, say); see fd_last_error() */
} fd_status;

/** Pixel layouts accepted for images. */
typedef enum fd_pixel_format {
    FD_PIXEL_GRAY8 = 0,
    FD_PIXEL_RGB8 = 1,
    FD_PIXEL_RGBA8 = 2,
    FD_PIXEL_BGR8 = 3
} fd_pixel_format;

/** A borrowed image: `height` rows of `stride` bytes, starting at `data`. */
typedef struct fd_image {
    const uint8_t *data;
    int32_t width;
    int32_t height;
    int32_t stride;
    fd_pixel_format format;
} fd_image;

/** Sets how many threads OpenCV may use inside one call, for the whole
 *  process (1: none besides the caller; 0: OpenCV's default, one per core).
 *  A caller that already runs detectors on threads of its own sets 1, so
 *  OpenCV's helper threads do not spin waiting for work on busy cores.
 *  Safe to call while other threads use the library: it waits until no
 *  other call is running (OpenCV rebuilds its pool, which crashes calls in
 *  flight). FD_ERR_INVALID_ARGUMENT for a negative count. */
fd_status fd_set_thread_count(int32_t count);

/** The message of the last failed call on this thread ("" when none). */
const char *fd_last_error(void);

#ifdef __cplusplus
}
#endif

#endif

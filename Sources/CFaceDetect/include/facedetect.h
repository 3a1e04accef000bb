/*
 * facedetect.h: OpenCV face detection and image codecs behind a plain C11 API.
 *
 * Ownership rules, for every call below:
 *  - Handles (fd_detector, fd_picture) are opaque. Each has one _create (or
 *    _read) call that hands the caller a handle it owns, and one _destroy call
 *    that frees it. _destroy(NULL) is a no-op.
 *  - Images passed in (fd_image) are borrowed for the duration of the call
 *    only; the library never keeps a pointer to caller memory.
 *  - Result buffers (fd_face arrays, pixel buffers) are allocated and owned by
 *    the caller; the library writes at most `capacity` elements into them.
 *  - Strings passed in are borrowed. fd_last_error() returns a pointer owned
 *    by the library, valid on the calling thread until its next fd_* call.
 *
 * Every call that can fail returns an fd_status and writes its results
 * through out_ pointers, which are left untouched on failure. No C++
 * exception ever leaves this library: each entry point catches everything
 * and records the message for fd_last_error().
 */
#ifndef FACEDETECT_H
#define FACEDETECT_H

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
    FD_ERR_INTERNAL = 7          /* OpenCV failed; see fd_last_error() */
} fd_status;

/** Pixel layouts accepted for borrowed images. */
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

/** One detected face, in the pixel coordinates of the image given. */
typedef struct fd_face {
    float x, y, width, height;
    float score;
    /** 1 when `landmarks` holds five (x, y) points: right eye, left eye,
     *  nose tip, right mouth corner, left mouth corner. */
    int32_t has_landmarks;
    float landmarks[10];
} fd_face;

typedef enum fd_detector_kind {
    FD_DETECTOR_HAAR = 0,
    FD_DETECTOR_YUNET = 1,
    FD_DETECTOR_CENTERFACE = 2
} fd_detector_kind;

/**
 * Detector settings. Fields a detector does not use are ignored; there are no
 * defaults here (the caller, FaceSticker's Swift layer, owns every setting).
 * `model_path` is a cascade XML for Haar, an ONNX file for the DNNs.
 */
typedef struct fd_detector_params {
    fd_detector_kind kind;
    const char *model_path;
    /* DNN detectors */
    float score_threshold; /* 0...1 */
    float nms_threshold;   /* 0...1 */
    int32_t top_k;         /* 1...100000 */
    /* Haar */
    double scale_factor;   /* 1.01...10 */
    int32_t min_neighbors; /* 0...1000 */
    int32_t min_size;      /* pixels, 0: no minimum */
    int32_t max_size;      /* pixels, 0: no maximum */
} fd_detector_params;

typedef struct fd_detector fd_detector;

/** Loads the model; on success the caller owns *out_detector. */
fd_status fd_detector_create(const fd_detector_params *params, fd_detector **out_detector);

void fd_detector_destroy(fd_detector *detector);

/**
 * Detects faces in `image`, exactly as given: the library neither resizes nor
 * filters (callers shrink large images first, see fd_image_resize). Faces are
 * in `image`'s pixel coordinates. Writes up to `capacity` faces, best first, to
 * `out_faces` and the number found to *out_count. When more faces were found
 * than fit, returns FD_ERR_CAPACITY with *out_count set to the number needed
 * (the first `capacity` faces are written). A detector handle must not be
 * used from two threads at once.
 */
fd_status fd_detector_detect(fd_detector *detector, const fd_image *image,
                             fd_face *out_faces, int32_t capacity, int32_t *out_count);

/** An axis-aligned box, for fd_nms. */
typedef struct fd_box {
    float x, y, width, height;
} fd_box;

/**
 * OpenCV's greedy non-maximum suppression (cv::dnn::NMSBoxes, eta 1), as the
 * detectors run it: boxes scoring above `score_threshold` are taken best
 * first (at most `top_k`, 0: all), each kept unless it overlaps a kept one by
 * more than `nms_threshold` (IoU). With `integer_boxes` 1 the boxes are first
 * truncated to whole pixels, as YuNet does. Writes the indices kept, best
 * first, to `out_keep` (room for `count` indices) and their number to *out_kept.
 */
fd_status fd_nms(const fd_box *boxes, const float *scores, int32_t count, float score_threshold,
                 float nms_threshold, int32_t top_k, int32_t integer_boxes, int32_t *out_keep, int32_t *out_kept);

/**
 * Resizes `image` into the caller's buffer of `height` rows of `stride` bytes,
 * `width` x `height` pixels in the same pixel format: area averaging when
 * shrinking, bilinear when enlarging.
 */
fd_status fd_image_resize(const fd_image *image, uint8_t *out_pixels, int32_t width, int32_t height,
                          int32_t stride, int64_t capacity);

/** A decoded image file, upright (JPEG EXIF orientation applied). */
typedef struct fd_picture fd_picture;

/** Decodes a PNG, JPEG or other OpenCV-readable image file. The caller owns *out_picture. */
fd_status fd_picture_read(const char *path, fd_picture **out_picture);

void fd_picture_destroy(fd_picture *picture);

/** The upright size of a decoded picture. */
fd_status fd_picture_size(const fd_picture *picture, int32_t *out_width, int32_t *out_height);

/** Copies the picture as 8-bit RGBA into the caller's buffer of
 *  `height` rows of `stride` bytes (stride >= width * 4). */
fd_status fd_picture_copy_rgba(const fd_picture *picture, uint8_t *out_pixels,
                               int32_t stride, int64_t capacity);

/** Encodes `image` as a JPEG file at `path` (quality 1...100). Writes the
 *  file in place; callers wanting atomicity pass a temporary path. */
fd_status fd_jpeg_write(const char *path, const fd_image *image, int32_t quality);

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

/* ------------------------------------------------------------------------
 * Preview windows (OpenCV highgui), for `facesticker selfie --preview`.
 *
 * highgui aborts the process when it cannot reach a display, so callers must
 * check that one is named ($DISPLAY, $WAYLAND_DISPLAY, or an explicit
 * $QT_QPA_PLATFORM) and that fd_window_probe can open a window there before
 * fd_window_create_fitted. Windows must be used from the main thread. The same
 * ownership rules as above apply.
 * ------------------------------------------------------------------------ */

typedef struct fd_window fd_window;

/** Tries to open a window in a forked copy of this process, so that a named
 *  but unreachable display (a stale $DISPLAY after an SSH session, say)
 *  aborts the copy rather than the caller. Writes 1 to *out_reachable when
 *  the copy opened and closed a window within `timeout_ms` (1...60000),
 *  else 0. Call it before any window exists in this process. */
fd_status fd_window_probe(int32_t timeout_ms, int32_t *out_reachable);

/**
 * Handles window events for `delay_ms` milliseconds (1...10000) and writes the
 * key pressed meanwhile to *out_key (its 8-bit code; -1 when none), and 1 to
 * *out_closed when the user closed the window (0 otherwise).
 */
fd_status fd_window_wait_key(fd_window *window, int32_t delay_ms, int32_t *out_key, int32_t *out_closed);

/** Closes the window. fd_window_destroy(NULL) is a no-op. */
void fd_window_destroy(fd_window *window);

/* ---- The live preview (`facesticker live --preview`, `selfie --preview`). */

/** The default screen's size in pixels (X11, loaded at run time); 0 x 0 when unknown. */
fd_status fd_screen_size(int32_t *out_width, int32_t *out_height);

/** Opens a plain resizable window (no toolbar, aspect ratio kept) and sizes it to
 *  `width` x `height` (the caller fits it to the screen, `screen_width` x
 *  `screen_height`, 0 when unknown: then the window takes the image's size). */
fd_status fd_window_create_fitted(const char *title, int32_t width, int32_t height, int32_t screen_width,
                                  int32_t screen_height, fd_window **out_window);

/** What the preview draws over a frame. Strings may be NULL or empty. */
typedef struct fd_overlay {
    const char *hint;          /**< the key hint bar at the bottom */
    double hint_alpha;         /**< 0...1: the bar fades out */
    const char *notice;        /**< top left: what just changed */
    const char *fps;           /**< bottom right, above the bar */
    double flash;              /**< 0...1 white over the whole picture (a shot) */
    const fd_image *thumbnail; /**< the last shot, top right; NULL for none */
    double thumbnail_alpha;    /**< 0...1 */
} fd_overlay;

/** Shows a YUV 4:2:0 frame (Y, U, V planes packed; even sides) with `overlay` (may be NULL). */
fd_status fd_window_show_i420(fd_window *window, const uint8_t *data, int32_t width, int32_t height,
                              const fd_overlay *overlay);

/** Where the window's picture is on the screen, and its size (after the window manager's say). */
fd_status fd_window_geometry(fd_window *window, int32_t *out_x, int32_t *out_y, int32_t *out_width, int32_t *out_height);

#ifdef __cplusplus
}
#endif

#endif

/*
 * facedetect.h: OpenCV's face detectors (Haar cascade, YuNet, CenterFace)
 * and the non-maximum suppression they run. The rules of fd_common.h apply.
 */
#ifndef FACEDETECT_H
#define FACEDETECT_H

#include "fd_common.h"

#ifdef __cplusplus
extern "C" {
#endif

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
 * defaults here (the caller, FaceSticker's Swift layer, owns every setting and
 * its range: `DetectorParameter`). `model_path` is a cascade XML for Haar, an
 * ONNX file for the DNNs. Refused here are only values the library cannot run
 * with: thresholds that are not finite, top_k < 1, a scale_factor not above 1,
 * negative neighbour counts and sizes, max_size below min_size.
 */
typedef struct fd_detector_params {
    fd_detector_kind kind;
    const char *model_path;
    /* DNN detectors */
    float score_threshold;
    float nms_threshold;
    int32_t top_k;
    /* Haar */
    double scale_factor;
    int32_t min_neighbors;
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
 * (the first `capacity` faces are written). A DNN detector (YuNet,
 * CenterFace) returns FD_ERR_INVALID_ARGUMENT, reading no pixel, for an image
 * too large for OpenCV's int tensor sizes (about 67 million pixels). A
 * detector handle must not be used from two threads at once.
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

#ifdef __cplusplus
}
#endif

#endif

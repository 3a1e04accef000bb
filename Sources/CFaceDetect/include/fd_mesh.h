/*
 * fd_mesh.h: MediaPipe's face landmark network (468 points with depth and a
 * face-presence score) run with OpenCV's dnn on one face crop. The rules of
 * fd_common.h apply. Where to crop, how to turn the crop and what the points
 * mean for a sticker is the caller's (FaceSticker's `FaceMesher`, in Swift).
 */
#ifndef FD_MESH_H
#define FD_MESH_H

#include "fd_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The network's input is a square of this many pixels a side. */
#define FD_MESH_INPUT_SIZE 192
/** The number of points the network gives. */
#define FD_MESH_POINT_COUNT 468

typedef struct fd_mesh fd_mesh;

/** Loads the ONNX model (models/face_landmark.onnx, made by scripts/setup.sh);
 *  on success the caller owns *out_mesh. FD_ERR_NOT_FOUND for a missing file,
 *  FD_ERR_MODEL for one that does not load or is not the face landmark model. */
fd_status fd_mesh_create(const char *model_path, fd_mesh **out_mesh);

void fd_mesh_destroy(fd_mesh *mesh);

/**
 * Runs the network on `image`, which must be exactly FD_MESH_INPUT_SIZE
 * pixels square (FD_ERR_INVALID_ARGUMENT otherwise; nothing is resized).
 * Writes FD_MESH_POINT_COUNT (x, y, z) triples to `out_points` (`capacity`
 * floats, at least 3 * FD_MESH_POINT_COUNT): x and y in the image's pixels,
 * z in the same units, relative depth with smaller values nearer the camera.
 * *out_presence gets the network's face-presence score in 0...1 (through
 * a sigmoid). A handle must not be used from two threads at once.
 */
fd_status fd_mesh_run(fd_mesh *mesh, const fd_image *image, float *out_points, int32_t capacity,
                      float *out_presence);

#ifdef __cplusplus
}
#endif

#endif

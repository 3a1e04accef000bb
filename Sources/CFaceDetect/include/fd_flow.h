/*
 * fd_flow.h: how the picture inside a box moved between two frames (sparse
 * optical flow: corners followed by pyramidal Lucas-Kanade), the cheap step
 * that carries a face from frame to frame where the face mesh is too slow to
 * run on each (live, a slow machine). The rules of fd_common.h apply. Which
 * box, which frames and what the motion means for a face is the caller's
 * (FaceSticker's `FrameFollower`, in Swift).
 */
#ifndef FD_FLOW_H
#define FD_FLOW_H

#include "fd_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** How far the picture inside the box (`x`, `y`, `width`, `height`, in
 *  pixels of `previous`) moved to `next`: both GRAY8 and of one size (the
 *  caller passes the same window of two frames). Up to 40 corners inside the
 *  box are followed into `next` and back; those that come back within half a
 *  pixel of where they started agree, and the median of their motion is the
 *  box's. Writes that motion to *out_dx and *out_dy and how many corners
 *  agreed to *out_points: fewer than 4 (a flat or lost picture) writes 0
 *  points and no motion. The box is clipped to the image. */
fd_status fd_flow_shift(const fd_image *previous, const fd_image *next, float x, float y, float width, float height,
                        float *out_dx, float *out_dy, int32_t *out_points);

#ifdef __cplusplus
}
#endif

#endif

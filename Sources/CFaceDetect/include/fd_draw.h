/*
 * fd_draw.h: OpenCV's drawing (imgproc) over a caller-owned image: shapes,
 * text and a text size query, and pictures blended in. Plain calls: what goes
 * where is the caller's (the live preview's overlay, `--debug`, the PR plot,
 * the contact sheet). The rules of fd_common.h apply.
 *
 * Ownership: the canvas's pixels are the caller's, written in place during
 * the call only. Coordinates are whole pixels (OpenCV's: pixel (x, y) is
 * centred on x, y); shapes are clipped to the canvas. A colour's `opacity`
 * below 1 blends the whole shape (outline and all) over the canvas once, as
 * cv::addWeighted of the canvas and a copy with the shape drawn; 0 draws nothing. Thickness 0 fills the shape. `smooth` 1 antialiases edges
 * (cv::LINE_AA), 0 draws them 8-connected (cv::LINE_8). Text is OpenCV's
 * Hershey simplex font; `scale` 1 makes capitals about 22 pixels tall.
 */
#ifndef FD_DRAW_H
#define FD_DRAW_H

#include "fd_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A writable image: `height` rows of `stride` bytes at `data` (RGB8, RGBA8 or BGR8). */
typedef struct fd_canvas {
    uint8_t *data;
    int32_t width;
    int32_t height;
    int32_t stride;
    fd_pixel_format format;
} fd_canvas;

/** A colour and its opacity (0...1, 1: painted as is); red, green and blue
 *  whatever the canvas's channel order. RGBA canvases get alpha 255 where painted. */
typedef struct fd_color {
    uint8_t red, green, blue;
    double opacity;
} fd_color;

/** The rectangle from (x, y) to (x + width - 1, y + height - 1), outlined centred on those edges. */
fd_status fd_draw_rectangle(const fd_canvas *canvas, int32_t x, int32_t y, int32_t width, int32_t height,
                            fd_color color, int32_t thickness, int32_t smooth);

/** Segments through `count` points (x, y pairs in `points`), joined; `closed` 1 joins the last to the first. */
fd_status fd_draw_polyline(const fd_canvas *canvas, const int32_t *points, int32_t count, int32_t closed,
                           fd_color color, int32_t thickness, int32_t smooth);

/** A circle of `radius` around (x, y). */
fd_status fd_draw_circle(const fd_canvas *canvas, int32_t x, int32_t y, int32_t radius, fd_color color,
                         int32_t thickness, int32_t smooth);

/** One line of `text` with its baseline starting at (x, y). With an `outline`
 *  opacity above 0 the text is first drawn in that colour two pixels thicker. */
fd_status fd_draw_text(const fd_canvas *canvas, const char *text, int32_t x, int32_t y, double scale,
                       int32_t thickness, fd_color color, fd_color outline, int32_t smooth);

/** The size one line of `text` takes (cv::getTextSize): width, height above
 *  the baseline, and the depth below it. */
fd_status fd_text_size(const char *text, double scale, int32_t thickness, int32_t *out_width, int32_t *out_height,
                       int32_t *out_baseline);

/** `image` resized (area averaging) to `width` x `height` and blended over the
 *  canvas at (x, y) with `opacity` (0...1); the rectangle must lie inside the canvas,
 *  and `image` be in the canvas's pixel format. */
fd_status fd_draw_image(const fd_canvas *canvas, const fd_image *image, int32_t x, int32_t y, int32_t width,
                        int32_t height, double opacity);

#ifdef __cplusplus
}
#endif

#endif

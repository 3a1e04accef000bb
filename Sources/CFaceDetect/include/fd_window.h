/*
 * fd_window.h: preview windows (OpenCV highgui), for `facesticker live
 * --preview` and `selfie --preview`. The rules of fd_common.h apply.
 *
 * highgui aborts the process when it cannot reach a display, so callers must
 * check that one is named ($DISPLAY, $WAYLAND_DISPLAY, or an explicit
 * $QT_QPA_PLATFORM) and that fd_window_probe can open a window there before
 * fd_window_create_fitted. Windows must be used from the main thread. What a
 * window shows is the caller's: it draws on its own pixels (fd_draw.h) first.
 */
#ifndef FD_WINDOW_H
#define FD_WINDOW_H

#include "fd_common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fd_window fd_window;

/** Tries to open a window in a forked copy of this process, so that a named
 *  but unreachable display (a stale $DISPLAY after an SSH session, say)
 *  aborts the copy rather than the caller. Writes 1 to *out_reachable when
 *  the copy opened and closed a window within `timeout_ms` (1...60000),
 *  else 0. Call it before any window exists in this process. */
fd_status fd_window_probe(int32_t timeout_ms, int32_t *out_reachable);

/** The default screen's size in pixels (X11, loaded at run time); 0 x 0 when unknown. */
fd_status fd_screen_size(int32_t *out_width, int32_t *out_height);

/** Opens a plain resizable window (no toolbar, aspect ratio kept) and sizes it to
 *  `width` x `height` (the caller fits it to the screen, `screen_width` x
 *  `screen_height`, 0 when unknown: then the window takes the image's size).
 *  The caller owns *out_window. */
fd_status fd_window_create_fitted(const char *title, int32_t width, int32_t height, int32_t screen_width,
                                  int32_t screen_height, fd_window **out_window);

/** Shows `image` (any fd_pixel_format) in the window, as it is. */
fd_status fd_window_show(fd_window *window, const fd_image *image);

/**
 * Handles window events for `delay_ms` milliseconds (1...10000) and writes the
 * key pressed meanwhile to *out_key (its 8-bit code; -1 when none), and 1 to
 * *out_closed when the user closed the window (0 otherwise).
 */
fd_status fd_window_wait_key(fd_window *window, int32_t delay_ms, int32_t *out_key, int32_t *out_closed);

/** Where the window's picture is on the screen, and its size (after the window manager's say). */
fd_status fd_window_geometry(fd_window *window, int32_t *out_x, int32_t *out_y, int32_t *out_width, int32_t *out_height);

/** Closes the window. fd_window_destroy(NULL) is a no-op. */
void fd_window_destroy(fd_window *window);

#ifdef __cplusplus
}
#endif

#endif

/*
 * cprocess.h: child processes and pipes for FaceSticker (ffmpeg, ffprobe, the
 * display probe), in plain C11 over POSIX; and extended attributes, whose
 * <sys/xattr.h> Glibc's Swift module does not bring (`OutputRecord`).
 *
 * Error convention: unlike CFaceDetect's fd_status, every call here wraps
 * POSIX and returns 0 on success or an errno value (EINTR never: interrupted
 * calls are retried inside). Results go through out pointers, untouched on
 * failure.
 *
 * Ownership: strings, argument vectors and buffers passed in are borrowed for
 * the call only; descriptors passed in stay the caller's (the caller closes
 * them); descriptors handed out (proc_pipe_cloexec) are the caller's to close.
 * Only async-signal-safe calls run between fork and exec: callers have threads.
 */
#ifndef CPROCESS_H
#define CPROCESS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Makes a pipe whose both ends are close-on-exec: fds[0] reads, fds[1] writes. */
int proc_pipe_cloexec(int fds[2]);

/** Writes all `size` bytes of `data` to `fd` (retrying short writes) with
 *  SIGPIPE blocked in the calling thread only, so a reader that has gone is
 *  the error EPIPE rather than a signal that ends the process; the process's
 *  signal dispositions are left as they are. */
int proc_write_all_nosignal(int fd, const void *data, size_t size);

/** Starts `path` (argv and envp NULL-terminated) with `in_fd`, `out_fd` and
 *  `err_fd` as its stdin, stdout and stderr (-1: /dev/null), every other
 *  descriptor closed, every signal at its default disposition and unblocked,
 *  in a process group of its own, and killed (SIGKILL) when the thread that
 *  started it ends (PR_SET_PDEATHSIG: start children from a thread that lives
 *  as long as they should). Writes the child's pid to *out_pid; an exec
 *  failure is reported back through a pipe as its errno. */
int proc_spawn(const char *path, char *const argv[], char *const envp[], int in_fd, int out_fd, int err_fd,
               pid_t *out_pid);

/** Waits for child `pid` to end and writes its raw wait status to *out_status.
 *  With `timeout_ms` > 0, a child still running after that long is killed
 *  (SIGKILL), reaped, and ETIMEDOUT returned; 0 waits as long as it takes. */
int proc_wait(pid_t pid, int32_t timeout_ms, int *out_status);

/** Sets the extended attribute `name` of the file at `path` (following links)
 *  to the `size` bytes of `value`, replacing any. */
int file_set_xattr(const char *path, const char *name, const void *value, size_t size);

/** Reads the extended attribute `name` of the file at `path` into `buffer`
 *  (`capacity` bytes) and writes its length to *out_size; ENODATA when the
 *  file has none of that name, ERANGE when it is longer than `capacity`. */
int file_get_xattr(const char *path, const char *name, void *buffer, size_t capacity, size_t *out_size);

#ifdef __cplusplus
}
#endif

#endif

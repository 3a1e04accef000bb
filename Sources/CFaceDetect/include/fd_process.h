#ifndef FD_PROCESS_H
#define FD_PROCESS_H

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Makes a pipe whose both ends are close-on-exec. Returns 0, or an errno value.
int fd_pipe_cloexec(int fds[2]);

/// Writes all `size` bytes of `data` to `fd` (retrying on EINTR and short
/// writes) with SIGPIPE blocked in the calling thread only, so a reader that
/// has gone is the error EPIPE rather than a signal that ends the process;
/// the process's signal dispositions are left as they are. Returns 0, or an
/// errno value. The caller keeps ownership of `data` and `fd`.
int fd_write_all_nosignal(int fd, const void *data, size_t size);

/// Starts `path` (argv and envp NULL-terminated) with `in_fd`, `out_fd` and
/// `err_fd` as its stdin, stdout and stderr (-1: /dev/null), every other
/// descriptor closed, every signal at its default disposition and unblocked,
/// in a process group of its own, and killed (SIGKILL) when the thread that
/// started it ends (PR_SET_PDEATHSIG: start children from a thread that lives
/// as long as they should). Returns 0 and the child's pid in `*pid`, or an
/// errno value (from fork, or from exec, reported back through a pipe).
int fd_spawn(const char *path, char *const argv[], char *const envp[], int in_fd, int out_fd, int err_fd,
             pid_t *pid);

#ifdef __cplusplus
}
#endif

#endif

// Child processes that start clean and never outlive us. Only async-signal-safe
// calls between fork and exec: the parent has many threads.
#define _GNU_SOURCE
#include "cprocess.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

/// The one retry-on-EINTR loop of the C side (as swift-system's
/// `valueOrErrno(retryOnInterrupt:)`): `call`'s result, called again while it
/// fails (-1, or any negative value) with EINTR.
#define RETRY_ON_EINTR(call)                                                                                  \
    ({                                                                                                        \
        __typeof__(call) result_;                                                                             \
        do result_ = (call);                                                                                  \
        while (result_ < 0 && errno == EINTR);                                                                \
        result_;                                                                                              \
    })

int proc_pipe_cloexec(int fds[2]) {
    if (fds == NULL) return EINVAL;
    return pipe2(fds, O_CLOEXEC) == 0 ? 0 : errno;
}

/// Writes everything, or returns the errno that stopped it (EIO for a write of nothing).
static int write_all(int fd, const char *bytes, size_t size) {
    while (size > 0) {
        const ssize_t n = RETRY_ON_EINTR(write(fd, bytes, size));
        if (n <= 0) return n < 0 ? errno : EIO;
        bytes += n;
        size -= (size_t)n;
    }
    return 0;
}

int proc_write_all_nosignal(int fd, const void *data, size_t size) {
    if (data == NULL && size > 0) return EINVAL;
    sigset_t pipe_only, previous, pending;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    // A SIGPIPE already pending for another reason is left for its owner.
    sigpending(&pending);
    const bool was_pending = sigismember(&pending, SIGPIPE) == 1;
    pthread_sigmask(SIG_BLOCK, &pipe_only, &previous);
    const int result = write_all(fd, data, size);
    if (result == EPIPE && !was_pending) {
        // The failed write raised SIGPIPE for this thread: take it before unblocking.
        const struct timespec now = {0, 0};
        (void)RETRY_ON_EINTR(sigtimedwait(&pipe_only, NULL, &now));
    }
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    return result;
}

_Noreturn static void child(const char *path, char *const argv[], char *const envp[], int in_fd, int out_fd,
                            int err_fd, int report, pid_t parent) {
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    struct sigaction standard = {0};
    standard.sa_handler = SIG_DFL;
    sigemptyset(&standard.sa_mask);
    for (int number = 1; number < NSIG; number++) sigaction(number, &standard, NULL);
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    int error = 0;
    if (getppid() != parent) _exit(127); // we died before the guard was set
    const int devnull = open("/dev/null", O_RDWR);
    const int wanted[3] = {in_fd, out_fd, err_fd};
    // Move the given descriptors above 2 first, so dup2 cannot clobber one we still need.
    int moved[3];
    for (int i = 0; i < 3; i++) {
        const int source = wanted[i] < 0 ? devnull : wanted[i];
        moved[i] = source < 0 ? -1 : fcntl(source, F_DUPFD_CLOEXEC, 3);
    }
    for (int i = 0; i < 3; i++) {
        if (moved[i] < 0 || dup2(moved[i], i) < 0) {
            error = errno ? errno : EBADF;
            (void)write_all(report, (const char *)&error, sizeof error);
            _exit(127);
        }
    }
    // Everything else goes: pipes Foundation made without close-on-exec too.
#ifdef SYS_close_range
    if (syscall(SYS_close_range, 3u, ~0u, 4u /* CLOSE_RANGE_CLOEXEC */) != 0)
#endif
    {
        struct rlimit limit = {0};
        const long top = getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < 65536 ? (long)limit.rlim_cur : 65536;
        for (long fd = 3; fd < top; fd++)
            if (fd != report) fcntl((int)fd, F_SETFD, FD_CLOEXEC);
    }
    execve(path, argv, envp);
    error = errno;
    (void)write_all(report, (const char *)&error, sizeof error);
    _exit(127);
}

int proc_spawn(const char *path, char *const argv[], char *const envp[], int in_fd, int out_fd, int err_fd,
               pid_t *out_pid) {
    if (path == NULL || argv == NULL || envp == NULL || out_pid == NULL) return EINVAL;
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return errno;
    const pid_t parent = getpid();
    const pid_t started = fork();
    if (started < 0) {
        const int error = errno;
        close(report[0]);
        close(report[1]);
        return error;
    }
    if (started == 0) child(path, argv, envp, in_fd, out_fd, err_fd, report[1], parent);
    setpgid(started, started); // also here, so a kill of the group right after cannot miss it
    close(report[1]);
    int error = 0;
    const ssize_t n = RETRY_ON_EINTR(read(report[0], &error, sizeof error));
    close(report[0]);
    if (n == (ssize_t)sizeof error && error != 0) {
        int status;
        (void)RETRY_ON_EINTR(waitpid(started, &status, 0));
        return error;
    }
    *out_pid = started;
    return 0;
}

int proc_wait(pid_t pid, int32_t timeout_ms, int *out_status) {
    if (out_status == NULL || timeout_ms < 0) return EINVAL;
    int status = 0;
    if (timeout_ms == 0) {
        if (RETRY_ON_EINTR(waitpid(pid, &status, 0)) < 0) return errno;
        *out_status = status;
        return 0;
    }
    for (int32_t waited = 0;; waited += 10) {
        const pid_t done = RETRY_ON_EINTR(waitpid(pid, &status, WNOHANG));
        if (done == pid) break;
        if (done < 0) return errno;
        if (waited >= timeout_ms) {
            kill(pid, SIGKILL);
            (void)RETRY_ON_EINTR(waitpid(pid, &status, 0));
            return ETIMEDOUT;
        }
        const struct timespec tick = {0, 10 * 1000 * 1000};
        nanosleep(&tick, NULL);
    }
    *out_status = status;
    return 0;
}

int file_set_xattr(const char *path, const char *name, const void *value, size_t size) {
    return setxattr(path, name, value, size, 0) == 0 ? 0 : errno;
}

int file_get_xattr(const char *path, const char *name, void *buffer, size_t capacity, size_t *out_size) {
    ssize_t got = getxattr(path, name, buffer, capacity);
    if (got < 0) return errno;
    *out_size = (size_t)got;
    return 0;
}

// Child processes that start clean and never outlive us. Only async-signal-safe
// calls between fork and exec: the parent has many threads.
#include "fd_process.h"

#include <cerrno>
#include <csignal>
#include <pthread.h>
#include <ctime>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern "C" int fd_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC) == 0 ? 0 : errno;
}

extern "C" int fd_write_all_nosignal(int fd, const void *data, size_t size) {
    if (data == nullptr && size > 0) return EINVAL;
    sigset_t pipe_only, previous, pending;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    // A SIGPIPE already pending for another reason is left for its owner.
    sigpending(&pending);
    const bool was_pending = sigismember(&pending, SIGPIPE) == 1;
    pthread_sigmask(SIG_BLOCK, &pipe_only, &previous);
    int result = 0;
    const char *bytes = static_cast<const char *>(data);
    while (size > 0) {
        ssize_t n = write(fd, bytes, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            result = n < 0 ? errno : EIO;
            break;
        }
        bytes += n;
        size -= static_cast<size_t>(n);
    }
    if (result == EPIPE && !was_pending) {
        // The failed write raised SIGPIPE for this thread: take it before unblocking.
        const struct timespec now {};
        while (sigtimedwait(&pipe_only, nullptr, &now) < 0 && errno == EINTR) {}
    }
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    return result;
}

namespace {
void write_all(int fd, const void *data, size_t size) {
    const char *bytes = static_cast<const char *>(data);
    while (size > 0) {
        ssize_t n = write(fd, bytes, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        bytes += n;
        size -= static_cast<size_t>(n);
    }
}

[[noreturn]] void child(const char *path, char *const argv[], char *const envp[], int in_fd, int out_fd, int err_fd,
                        int report, pid_t parent) {
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    struct sigaction standard {};
    standard.sa_handler = SIG_DFL;
    sigemptyset(&standard.sa_mask);
    for (int number = 1; number < NSIG; number++) sigaction(number, &standard, nullptr);
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    int error = 0;
    if (getppid() != parent) _exit(127);  // we died before the guard was set
    int devnull = open("/dev/null", O_RDWR);
    const int wanted[3] = {in_fd, out_fd, err_fd};
    // Move the given descriptors above 2 first, so dup2 cannot clobber one we still need.
    int moved[3];
    for (int i = 0; i < 3; i++) {
        int source = wanted[i] < 0 ? devnull : wanted[i];
        moved[i] = source < 0 ? -1 : fcntl(source, F_DUPFD_CLOEXEC, 3);
    }
    for (int i = 0; i < 3; i++) {
        if (moved[i] < 0 || dup2(moved[i], i) < 0) {
            error = errno ? errno : EBADF;
            write_all(report, &error, sizeof error);
            _exit(127);
        }
    }
    // Everything else goes: pipes Foundation made without close-on-exec too.
#ifdef SYS_close_range
    if (syscall(SYS_close_range, 3u, ~0u, 4u /* CLOSE_RANGE_CLOEXEC */) != 0)
#endif
    {
        struct rlimit limit {};
        long top = getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < 65536 ? long(limit.rlim_cur) : 65536;
        for (long fd = 3; fd < top; fd++)
            if (fd != report) fcntl(int(fd), F_SETFD, FD_CLOEXEC);
    }
    execve(path, argv, envp);
    error = errno;
    write_all(report, &error, sizeof error);
    _exit(127);
}
}  // namespace

extern "C" int fd_spawn(const char *path, char *const argv[], char *const envp[], int in_fd, int out_fd, int err_fd,
                        pid_t *pid) {
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return errno;
    const pid_t parent = getpid();
    const pid_t started = fork();
    if (started < 0) {
        int error = errno;
        close(report[0]);
        close(report[1]);
        return error;
    }
    if (started == 0) child(path, argv, envp, in_fd, out_fd, err_fd, report[1], parent);
    setpgid(started, started);  // also here, so a kill of the group right after cannot miss it
    close(report[1]);
    int error = 0;
    ssize_t n;
    do {
        n = read(report[0], &error, sizeof error);
    } while (n < 0 && errno == EINTR);
    close(report[0]);
    if (n == sizeof error && error != 0) {
        int status;
        while (waitpid(started, &status, 0) < 0 && errno == EINTR) {
        }
        return error;
    }
    *pid = started;
    return 0;
}

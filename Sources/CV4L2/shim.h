// libv4l2's v4l2_ioctl is variadic and the VIDIOC_* request numbers are
// macros built from _IOWR; Swift can import neither, so they are wrapped here.
#include <linux/videodev2.h>
#include <libv4l2.h>

static inline int cv4l2_ioctl(int fd, unsigned long request, void *arg) {
    return v4l2_ioctl(fd, request, arg);
}

// ioctl(2) and libv4l2's v4l2_ioctl are variadic and the VIDIOC_* request
// numbers are macros built from _IOWR; Swift can import neither, so they are
// wrapped here. Only Sources/FaceSticker/Native/V4L2.swift uses this module.
#include <linux/videodev2.h>
#include <libv4l2.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>

/* libv4l2 and its plugins print to stderr when a file is not a V4L2 device;
 * asking VIDIOC_QUERYCAP with the plain ioctl first keeps such files away
 * from it. */
static inline int cv4l2_plain_ioctl(int fd, unsigned long request, void *arg) {
    return ioctl(fd, request, arg);
}

static inline int cv4l2_ioctl(int fd, unsigned long request, void *arg) {
    return v4l2_ioctl(fd, request, arg);
}

/* libv4l2 prints its own lines to stderr ("libv4l2: error setting pixformat:
 * Device or resource busy") unless its exported `v4l2_log_file` is set; ours say
 * the same from errno, in one line. Swift 6 refuses to touch a mutable C global
 * (it cannot prove the access race-free), so it is set here; V4L2.swift calls
 * this from a `static let` initialiser, which runs once, thread-safely. The sink
 * is /dev/null (close-on-exec); with LIBV4L2_LOG_FILENAME set, libv4l2 opens
 * that file itself (its own debugging switch), and when /dev/null cannot be
 * opened libv4l2 keeps stderr. Returns whether the log goes elsewhere than stderr. */
static inline int cv4l2_quiet_log(void) {
    if (v4l2_log_file == NULL && getenv("LIBV4L2_LOG_FILENAME") == NULL) {
        FILE *sink = fopen("/dev/null", "we");
        if (sink != NULL) v4l2_log_file = sink;
    }
    return v4l2_log_file != NULL && v4l2_log_file != stderr;
}

static const unsigned long CV4L2_VIDIOC_QUERYCAP = VIDIOC_QUERYCAP;
static const unsigned long CV4L2_VIDIOC_ENUM_FMT = VIDIOC_ENUM_FMT;
static const unsigned long CV4L2_VIDIOC_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES;
static const unsigned long CV4L2_VIDIOC_G_FMT = VIDIOC_G_FMT;
static const unsigned long CV4L2_VIDIOC_S_FMT = VIDIOC_S_FMT;
static const unsigned long CV4L2_VIDIOC_G_PARM = VIDIOC_G_PARM;
static const unsigned long CV4L2_VIDIOC_S_PARM = VIDIOC_S_PARM;
static const unsigned long CV4L2_VIDIOC_ENUM_FRAMEINTERVALS = VIDIOC_ENUM_FRAMEINTERVALS;
static const unsigned long CV4L2_VIDIOC_REQBUFS = VIDIOC_REQBUFS;
static const unsigned long CV4L2_VIDIOC_QUERYBUF = VIDIOC_QUERYBUF;
static const unsigned long CV4L2_VIDIOC_QBUF = VIDIOC_QBUF;
static const unsigned long CV4L2_VIDIOC_DQBUF = VIDIOC_DQBUF;
static const unsigned long CV4L2_VIDIOC_STREAMON = VIDIOC_STREAMON;
static const unsigned long CV4L2_VIDIOC_STREAMOFF = VIDIOC_STREAMOFF;
static const unsigned long CV4L2_VIDIOC_QUERYCTRL = VIDIOC_QUERYCTRL;
static const unsigned long CV4L2_VIDIOC_QUERYMENU = VIDIOC_QUERYMENU;
static const unsigned long CV4L2_VIDIOC_G_CTRL = VIDIOC_G_CTRL;
static const unsigned long CV4L2_VIDIOC_S_CTRL = VIDIOC_S_CTRL;

static const unsigned int CV4L2_CAP_DEVICE_CAPS = V4L2_CAP_DEVICE_CAPS;
static const unsigned int CV4L2_BUF_TYPE_VIDEO_CAPTURE = V4L2_BUF_TYPE_VIDEO_CAPTURE;
static const unsigned int CV4L2_MEMORY_MMAP = V4L2_MEMORY_MMAP;
static const unsigned int CV4L2_FIELD_ANY = V4L2_FIELD_ANY;
static const unsigned int CV4L2_FRMSIZE_TYPE_DISCRETE = V4L2_FRMSIZE_TYPE_DISCRETE;
static const unsigned int CV4L2_FRMIVAL_TYPE_DISCRETE = V4L2_FRMIVAL_TYPE_DISCRETE;
static const unsigned int CV4L2_CTRL_FLAG_NEXT_CTRL = V4L2_CTRL_FLAG_NEXT_CTRL;
static const unsigned int CV4L2_CAP_TIMEPERFRAME = V4L2_CAP_TIMEPERFRAME;

/* The output side (v4l2loopback): VIDIOC_S_FMT on an output buffer type,
 * then write(2) per frame. */
static const unsigned int CV4L2_BUF_TYPE_VIDEO_OUTPUT = V4L2_BUF_TYPE_VIDEO_OUTPUT;
static const unsigned int CV4L2_FIELD_NONE = V4L2_FIELD_NONE;
static const unsigned int CV4L2_COLORSPACE_SMPTE170M = V4L2_COLORSPACE_SMPTE170M;

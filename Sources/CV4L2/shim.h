// ioctl(2) and libv4l2's v4l2_ioctl are variadic and the VIDIOC_* request
// numbers are macros built from _IOWR; Swift can import neither, so they are
// wrapped here. Only Sources/FaceSticker/Native/V4L2.swift uses this module.
#include <linux/videodev2.h>
#include <libv4l2.h>
#include <fcntl.h>
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

static const unsigned long CV4L2_VIDIOC_QUERYCAP = VIDIOC_QUERYCAP;
static const unsigned long CV4L2_VIDIOC_ENUM_FMT = VIDIOC_ENUM_FMT;
static const unsigned long CV4L2_VIDIOC_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES;
static const unsigned long CV4L2_VIDIOC_G_FMT = VIDIOC_G_FMT;
static const unsigned long CV4L2_VIDIOC_S_FMT = VIDIOC_S_FMT;
static const unsigned long CV4L2_VIDIOC_G_PARM = VIDIOC_G_PARM;
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
static const unsigned int CV4L2_CTRL_FLAG_NEXT_CTRL = V4L2_CTRL_FLAG_NEXT_CTRL;
static const unsigned int CV4L2_CAP_TIMEPERFRAME = V4L2_CAP_TIMEPERFRAME;

/* The output side (v4l2loopback): VIDIOC_S_FMT on an output buffer type,
 * then write(2) per frame. */
static const unsigned int CV4L2_BUF_TYPE_VIDEO_OUTPUT = V4L2_BUF_TYPE_VIDEO_OUTPUT;
static const unsigned int CV4L2_FIELD_NONE = V4L2_FIELD_NONE;
static const unsigned int CV4L2_COLORSPACE_SMPTE170M = V4L2_COLORSPACE_SMPTE170M;

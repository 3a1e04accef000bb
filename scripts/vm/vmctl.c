/* vmctl: presses a V4L2 control by its name while another program streams
 * from the device, as the real-driver test needs for vivid's error
 * injection controls ("Disconnect", "Inject Fatal Streaming Error").
 *
 *   vmctl DEVICE "Control Name" VALUE
 *
 * Buttons take any VALUE. Exit status 0 when the driver took it, 1 otherwise
 * (one line on stderr). Built by scripts/vm/setup.sh; runs in the guest only. */
#include <errno.h>
#include <fcntl.h>
#include <linux/videodev2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: vmctl DEVICE NAME VALUE\n");
        return 2;
    }
    int fd = open(argv[1], O_RDWR | O_NONBLOCK);
    if (fd < 0) {
        fprintf(stderr, "vmctl: %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    struct v4l2_queryctrl q;
    memset(&q, 0, sizeof q);
    q.id = V4L2_CTRL_FLAG_NEXT_CTRL | V4L2_CTRL_FLAG_NEXT_COMPOUND;
    while (ioctl(fd, VIDIOC_QUERYCTRL, &q) == 0) {
        if (strcmp((const char *)q.name, argv[2]) == 0) {
            struct v4l2_control c = {.id = q.id, .value = atoi(argv[3])};
            if (ioctl(fd, VIDIOC_S_CTRL, &c) != 0) {
                fprintf(stderr, "vmctl: %s: %s: %s\n", argv[1], argv[2], strerror(errno));
                return 1;
            }
            return 0;
        }
        q.id |= V4L2_CTRL_FLAG_NEXT_CTRL | V4L2_CTRL_FLAG_NEXT_COMPOUND;
    }
    fprintf(stderr, "vmctl: %s: no control named %s\n", argv[1], argv[2]);
    return 1;
}

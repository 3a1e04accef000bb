#!/bin/busybox sh
# The guest's /init (scripts/vm/setup.sh puts it in the initramfs): loads the
# virtio, 9p and media modules, vivid (two capture devices) and v4l2loopback
# (three devices), mounts the host's root read-only and the results folder
# writable over 9p, chroots into the host's root and runs
# $FS_RESULTS/job.sh there with bash, then powers off. The kernel hands
# FS_RESULTS (from the command line scripts/vm/run.sh writes) to us in the
# environment. What the job prints goes to $FS_RESULTS/job.log; its exit
# status to $FS_RESULTS/job.status.
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
for m in $(cat /modules/order); do
    insmod "/modules/$m" || echo "init: cannot load $m"
done
# vivid: two webcam-like capture devices (/dev/video0, /dev/video1), nothing else.
insmod /modules/vivid.ko n_devs=2 node_types=0x1,0x1 vid_cap_nr=0,1 || echo "init: cannot load vivid"
# v4l2loopback: /dev/video10 and /dev/video11 are fed by ffmpeg (YUYV, MJPEG) and read as
# cameras; /dev/video12 is our virtual camera, read by ffmpeg. exclusive_caps=1 as Chrome needs.
insmod /modules/v4l2loopback.ko devices=3 video_nr=10,11,12 exclusive_caps=1,1,1 \
    card_label=FeedYUYV,FeedMJPEG,FaceSticker || echo "init: cannot load v4l2loopback"
mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose,msize=262144 hostroot /host || { echo "init: no host root"; poweroff -f; }
mount -t proc proc /host/proc
mount -t sysfs sys /host/sys
mount -t devtmpfs dev /host/dev
# /run is the guest's own (writable); /tmp stays the host's, read-only, since the checkout or
# the results may lie under it: temporary files go to $TMPDIR, /run/tmp.
mount -t tmpfs run /host/run
mkdir -p /host/run/tmp
mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144 results "/host$FS_RESULTS" || { echo "init: no results share"; poweroff -f; }
echo "init: running the job"
chroot /host /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/run/tmp TMPDIR=/run/tmp \
    FS_RESULTS="$FS_RESULTS" /bin/bash "$FS_RESULTS/job.sh" >"/host$FS_RESULTS/job.log" 2>&1
echo $? >"/host$FS_RESULTS/job.status"
sync
echo "init: done"
poweroff -f

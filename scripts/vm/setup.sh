#!/usr/bin/env bash
# Builds what the real-driver test boots (tests: Tests/FaceStickerTests/RealDrivers):
# Debian 12's own kernel with its vivid module, v4l2loopback built from
# Debian's v4l2loopback-dkms source against that kernel's headers, and a
# busybox initramfs that loads them (scripts/vm/init.sh). Everything comes
# from Debian's pool, pinned by version and sha256; nothing is installed into
# /boot and no module is loaded on this machine. QEMU itself is installed from
# its pinned package when it is missing.
#
#   scripts/vm/setup.sh [DIR]   (default: .build/vm)
#
# Idempotent: a stamp names the pins and the scripts the build came from.
# When Debian's pool drops a pinned package (the security archive keeps only
# the newest kernel), the download fails and RealDriverTests are skipped with
# that line: bump KVER and the pins below (`apt-get download --print-uris
# PACKAGE` prints the URL and sha256 of the current one).
# Prints nothing but its notices; exit status 0 when DIR/vmlinuz,
# DIR/initrd.gz and DIR/vmctl are ready, 1 with one line saying why not.
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p "${1:-.build/vm}"
OUT=$(realpath "${1:-.build/vm}")
KVER=6.1.0-57-amd64
POOL=http://deb.debian.org/debian/pool/main
SECURITY=http://deb.debian.org/debian-security/pool/updates/main
# file  url  sha256
DEBS=(
"linux-image-$KVER.deb $SECURITY/l/linux-signed-amd64/linux-image-${KVER}_6.1.192-3_amd64.deb 14d219d01e1283261817d961dbb3895cb5b4288d0de10e0ba0632a0d993e15bf"
"linux-headers-$KVER.deb $SECURITY/l/linux/linux-headers-${KVER}_6.1.192-3_amd64.deb 515e0075e18508f9d048a99b776e155a30bca68da16d3d614323c4384f53905d"
"linux-headers-common.deb $SECURITY/l/linux/linux-headers-6.1.0-57-common_6.1.192-3_all.deb 5d248d9fff260d3750cf1a4223d9477c789e7fe6c8739f4b03f9b31431c2e5da"
"linux-kbuild.deb $SECURITY/l/linux/linux-kbuild-6.1_6.1.192-3_amd64.deb 98a1baa42a21088e25bcc91c4d8e8134cf1e9d6e978b8c4584f6c7d05e6cc9d6"
"v4l2loopback-dkms.deb $POOL/v/v4l2loopback/v4l2loopback-dkms_0.12.7-2_all.deb 7f2bdae29e28efab6e6f1f8b187266fa3c740d3becab11e1d686b45bfcb22aa9"
"busybox-static.deb $POOL/b/busybox/busybox-static_1.35.0-4%2bdeb12u1%2bb1_amd64.deb 3d3fdbe91d4660c873e14b092c213fe81c1da6362daa236eb25d0171eb108744"
)
QEMU_DEB="qemu-system-x86.deb $POOL/q/qemu/qemu-system-x86_7.2%2bdfsg-7%2bdeb12u18%2bb3_amd64.deb faf17e2cc7323acbb36bbd6329b61080e7ead0ebb92d33155f41b17d8db6fe15"
# The modules the guest loads, in order (each after what it depends on).
MODULES=(
  drivers/virtio/virtio_ring.ko drivers/virtio/virtio.ko
  drivers/virtio/virtio_pci_legacy_dev.ko drivers/virtio/virtio_pci_modern_dev.ko drivers/virtio/virtio_pci.ko
  fs/netfs/netfs.ko fs/fscache/fscache.ko net/9p/9pnet.ko net/9p/9pnet_virtio.ko fs/9p/9p.ko
  drivers/media/mc/mc.ko drivers/media/v4l2-core/videodev.ko drivers/media/v4l2-core/v4l2-dv-timings.ko
  drivers/media/rc/rc-core.ko drivers/media/cec/core/cec.ko drivers/media/common/v4l2-tpg/v4l2-tpg.ko
  drivers/media/common/videobuf2/videobuf2-common.ko drivers/media/common/videobuf2/videobuf2-memops.ko
  drivers/media/common/videobuf2/videobuf2-v4l2.ko drivers/media/common/videobuf2/videobuf2-vmalloc.ko
  drivers/media/common/videobuf2/videobuf2-dma-contig.ko
)
# Loaded by init.sh with their parameters.
VIVID=drivers/media/test-drivers/vivid/vivid.ko

say() { echo "vm-setup: $*" >&2; }
fail() { say "$*"; exit 1; }
sha_ok() { [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]; }

# Downloads one pinned package into $OUT/debs and checks it.
fetch() {
    local file=$1 url=$2 sha=$3
    sha_ok "$OUT/debs/$file" "$sha" && return 0
    mkdir -p "$OUT/debs"
    curl -fsSL --connect-timeout 10 --max-time 300 -o "$OUT/debs/$file.part" "$url" \
        || fail "cannot download $url (the pinned package may have left Debian's pool)"
    sha_ok "$OUT/debs/$file.part" "$sha" || { rm -f "$OUT/debs/$file.part"; fail "$url: sha256 mismatch, refusing it"; }
    mv "$OUT/debs/$file.part" "$OUT/debs/$file"
}

# QEMU: the pinned package and what it depends on, through apt.
if ! command -v qemu-system-x86_64 >/dev/null; then
    read -r file url sha <<<"$QEMU_DEB"
    fetch "$file" "$url" "$sha"
    say "installing qemu-system-x86 from $url"
    sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq >"$OUT/apt.log" 2>&1 || true
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$OUT/debs/$file" \
        >>"$OUT/apt.log" 2>&1 || { tail -5 "$OUT/apt.log" >&2; fail "cannot install qemu-system-x86 (see $OUT/apt.log)"; }
fi
command -v gcc >/dev/null || fail "gcc is needed to build v4l2loopback"

stamp=$( (printf '%s\n' "${DEBS[@]}" "${MODULES[@]}" "$VIVID"; cat scripts/vm/setup.sh scripts/vm/init.sh scripts/vm/vmctl.c) | sha256sum | cut -d' ' -f1)
if [ -f "$OUT/stamp" ] && [ "$(cat "$OUT/stamp")" = "$stamp" ] && [ -f "$OUT/vmlinuz" ] && [ -f "$OUT/initrd.gz" ] && [ -x "$OUT/vmctl" ]; then
    exit 0
fi
for entry in "${DEBS[@]}"; do
    read -r file url sha <<<"$entry"
    fetch "$file" "$url" "$sha"
done

work=$(mktemp -d "$OUT/build.XXXXXX")
trap 'rm -rf "$work"' EXIT
for entry in "${DEBS[@]}"; do
    read -r file _ <<<"$entry"
    dpkg-deb -x "$OUT/debs/$file" "$work/root"
done
src=$work/root/usr/src
# The headers package's one-line Makefile includes the common headers by an absolute path.
sed -i "s#^include /usr/src/#include $src/#" "$src/linux-headers-$KVER/Makefile"
cp -r "$src/v4l2loopback-0.12.7" "$work/v4l2loopback"
make -s -C "$src/linux-headers-$KVER" M="$work/v4l2loopback" modules >"$work/make.log" 2>&1 \
    || { cat "$work/make.log" >&2; fail "v4l2loopback did not build against $KVER"; }

initrd=$work/initrd
mkdir -p "$initrd"/{bin,dev,proc,sys,host,modules}
cp "$work/root/bin/busybox" "$initrd/bin/busybox"
modules=$work/root/lib/modules/$KVER/kernel
for m in "${MODULES[@]}"; do
    [ -f "$modules/$m" ] || fail "$KVER has no $m"
    cp "$modules/$m" "$initrd/modules/"
    basename "$m" >>"$initrd/modules/order"
done
cp "$modules/$VIVID" "$work/v4l2loopback/v4l2loopback.ko" "$initrd/modules/"
install -m 755 scripts/vm/init.sh "$initrd/init"
(cd "$initrd" && find . | "$work/root/bin/busybox" cpio -o -H newc 2>/dev/null | gzip -1) >"$work/initrd.gz"
gcc -O2 -Wall -Werror -o "$work/vmctl" scripts/vm/vmctl.c || fail "scripts/vm/vmctl.c did not build"

mv "$work/initrd.gz" "$OUT/initrd.gz"
cp "$work/root/boot/vmlinuz-$KVER" "$OUT/vmlinuz"
mv "$work/vmctl" "$OUT/vmctl"
echo "$stamp" >"$OUT/stamp"

#!/usr/bin/env bash
# Runs `make demo` and `CI=true make test` on a bare Debian 12 root, as a new user's
# fresh machine would: debootstrap's minimal system, the Swift toolchain's own
# dependencies (swift.org's list for Debian 12) and nothing else, with this machine's
# toolchain (/opt/swift) and ../shared bind-mounted in. Needs root and debootstrap
# (`apt-get install debootstrap`); takes about 16 minutes on 2 cores. Not run by CI.
#
#   scripts/dev/bare-debian.sh ROOT     (a new folder, e.g. /work/bare; kept for a re-run)
#
# The network's CA certificates and pip settings of this machine are copied in (a sandbox
# that reaches PyPI through its own certificate authority needs them; they are the machine's,
# not the project's).
set -euo pipefail
root=${1:?usage: scripts/dev/bare-debian.sh ROOT}
repo=$(cd "$(dirname "$0")/../.." && pwd)
shared=$(cd "$repo/.." && pwd)/shared
[ -x "$root/bin/bash" ] || debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/" 2>/dev/null || true
[ -f /etc/pip.conf ] && cp /etc/pip.conf "$root/etc/pip.conf"
mkdir -p "$root/opt/swift" "$root/work/shared" "$root/opt/wheels"
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
mountpoint -q "$root/sys" || mount --rbind /sys "$root/sys"
mountpoint -q "$root/dev" || mount --rbind /dev "$root/dev"
mountpoint -q "$root/opt/swift" || mount --bind /opt/swift "$root/opt/swift"
mountpoint -q "$root/work/shared" || mount --bind "$shared" "$root/work/shared"
chroot "$root" bash -c 'update-ca-certificates >/dev/null; apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends binutils git gnupg2 libc6-dev libcurl4-openssl-dev libedit-dev \
    libedit2 libgcc-12-dev libncurses-dev libpython3-dev libsqlite3-dev libstdc++-12-dev libxml2-dev libz3-dev \
    pkg-config tzdata unzip uuid-dev zlib1g-dev make ca-certificates >/dev/null'
rm -rf "$root/work/main"
git clone -q "$repo" "$root/work/main"
chroot "$root" bash -c 'cd /work/main && export PATH=/opt/swift/usr/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin \
    HOME=/root && time (make demo && CI=true make test)'

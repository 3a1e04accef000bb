#!/usr/bin/env bash
# Boots the real-driver guest once (scripts/vm/setup.sh builds it) and runs
# JOB (a bash script) in it, chrooted into this machine's root, so every
# program and path here is there too. RESULTS is shared writable with the
# guest, at the same path; everything else is read-only there.
#
#   scripts/vm/run.sh RESULTS TIMEOUT_SECONDS COMMAND [ARG...]
#
# COMMAND runs in the guest from this folder, as root, with FS_RESULTS set.
#
# Exit status: the job's own, 124 when the guest did not finish in time,
# 3 when the guest cannot be built or started here (the line says why).
set -euo pipefail
cd "$(dirname "$0")/../.."
results=$(realpath "$1"); limit=$2; shift 2
vm=${FACESTICKER_VM_DIR:-.build/vm}
scripts/vm/setup.sh "$vm" || exit 3
command -v qemu-system-x86_64 >/dev/null || { echo "vm: qemu-system-x86_64 is not installed" >&2; exit 3; }
{ printf 'cd %q || exit 3\nexport FACESTICKER_VM_DIR=%q\nexec' "$PWD" "$(realpath "$vm")"; printf ' %q' "$@"; printf '\n'; } >"$results/job.sh"
rm -f "$results/job.status"
# TCG: /dev/kvm may open without VMX, and the guest then hangs.
timeout --kill-after=5 "$limit" qemu-system-x86_64 -accel tcg,thread=multi -cpu max -smp 2 -m 3072 \
    -display none -monitor none -serial "file:$results/console.log" -no-reboot \
    -kernel "$vm/vmlinuz" -initrd "$vm/initrd.gz" \
    -append "console=ttyS0 quiet panic=-1 FS_RESULTS=$results" \
    -virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap \
    -virtfs "local,path=$results,mount_tag=results,security_model=none" \
    </dev/null || { status=$?; [ "$status" = 124 ] && { echo "vm: the guest did not finish in ${limit} s" >&2; exit 124; }; echo "vm: qemu failed ($status)" >&2; tail -5 "$results/console.log" >&2; exit 3; }
[ -f "$results/job.status" ] || { echo "vm: the guest stopped before its job ended; console:" >&2; tail -5 "$results/console.log" >&2; exit 3; }
status=$(cat "$results/job.status")
[ "$status" = 0 ] || echo "vm: the guest's job exited $status: $(tail -1 "$results/job.log")" >&2
exit "$status"

#!/usr/bin/env bash
# A single-node Slurm cluster on this machine for the test suite (issue #43): Debian's
# slurm-wlm 22.05 and munge (scripts/setup.sh installs them), with their own
# configuration, key, state, spool, sockets and logs under DIR; nothing in /etc is
# used or changed. Each daemon runs in the foreground under this script's control and
# is stopped by its pid (`stop`, which `start` also runs first, so a run that was
# killed leaves nothing behind the next time).
#
#   scripts/slurm/cluster.sh start DIR   # prints the SLURM_CONF to export
#   scripts/slurm/cluster.sh stop DIR
#
# Exit status 3, with one line saying why, when the cluster cannot run here.
set -euo pipefail
action=$1
dir=$(mkdir -p "$2" && cd "$2" && pwd)
why() { echo "slurm: $*" >&2; exit 3; }

stop() {
    local pid name
    for name in slurmd slurmctld munged; do
        [ -f "$dir/run/$name.pid" ] || continue
        pid=$(cat "$dir/run/$name.pid")
        # Only our own daemon: the pid must still be that program.
        if [ -n "$pid" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$name" ]; then
            kill -TERM "$pid" 2>/dev/null || true
            for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
            kill -KILL "$pid" 2>/dev/null || true
        fi
        rm -f "$dir/run/$name.pid"
    done
}

start() {
    for program in munged munge slurmctld slurmd sbatch sinfo; do
        command -v "$program" >/dev/null || why "$program is not installed (scripts/setup.sh packages installs slurm-wlm and munge)"
    done
    stop
    rm -rf "$dir/state" "$dir/spool" "$dir/run"
    mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log" "$dir/run"
    chmod 700 "$dir/munge" "$dir/run"
    [ -s "$dir/munge/munge.key" ] || { head -c 1024 /dev/urandom >"$dir/munge/munge.key"; chmod 400 "$dir/munge/munge.key"; }
    local host user ports
    host=$(hostname -s)
    user=$(id -un)
    # Ports of our own, from the folder's name, so that two checkouts can each have one.
    ports=$((20000 + $(printf '%s' "$dir" | cksum | cut -d' ' -f1) % 20000 * 2))
    # The node as slurmd sees it, with a small memory claim (jobs here ask for none).
    local node
    node=$(slurmd -C | head -1 | sed -e 's/RealMemory=[0-9]*/RealMemory=1000/')
    cat >"$dir/slurm.conf" <<CONF
ClusterName=facesticker
SlurmctldHost=$host
SlurmUser=$user
SlurmdUser=$user
SlurmctldPort=$ports
SlurmdPort=$((ports + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/run/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid.daemon
SlurmdPidFile=$dir/run/slurmd.pid.daemon
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
# A job that depends on a failed one (the join after a task that failed) ends, not waits forever.
DependencyParameters=kill_invalid_depend
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
KillWait=10
$node State=UNKNOWN
PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
    # Each daemon in the foreground, its pid ours; their own output goes to the log folder.
    munged --foreground --force --socket="$dir/run/munge.socket" --key-file="$dir/munge/munge.key" \
        --log-file="$dir/log/munged.log" --pid-file="$dir/run/munged.pid.daemon" --seed-file="$dir/munge/seed" \
        </dev/null >"$dir/log/munged.out" 2>&1 &
    echo $! >"$dir/run/munged.pid"
    for _ in $(seq 50); do [ -S "$dir/run/munge.socket" ] && break; sleep 0.1; done
    munge -S "$dir/run/munge.socket" -n 2>/dev/null | unmunge -S "$dir/run/munge.socket" >/dev/null 2>&1 \
        || { stop; why "munged did not start: $(tail -1 "$dir/log/munged.log" 2>/dev/null)"; }
    SLURM_CONF=$dir/slurm.conf slurmctld -D -f "$dir/slurm.conf" </dev/null >"$dir/log/slurmctld.out" 2>&1 &
    echo $! >"$dir/run/slurmctld.pid"
    SLURM_CONF=$dir/slurm.conf slurmd -D -f "$dir/slurm.conf" </dev/null >"$dir/log/slurmd.out" 2>&1 &
    echo $! >"$dir/run/slurmd.pid"
    local state=""
    for _ in $(seq 300); do
        state=$(SLURM_CONF=$dir/slurm.conf sinfo -h -o %T 2>/dev/null || true)
        [ "$state" = idle ] && break
        sleep 0.2
    done
    [ "$state" = idle ] || {
        stop
        why "the node did not come up (state '${state:-none}'): $(tail -1 "$dir/log/slurmctld.log" 2>/dev/null) / $(tail -1 "$dir/log/slurmd.log" 2>/dev/null)"
    }
    echo "$dir/slurm.conf"
}

case $action in
    start) start ;;
    stop) stop ;;
    *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac

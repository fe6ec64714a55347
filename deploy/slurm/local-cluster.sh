#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for trying the array scripts and for CI.
#   deploy/slurm/local-cluster.sh up     # install (if needed), start munge, slurmctld, slurmd
#   deploy/slurm/local-cluster.sh down   # stop the daemons by their pid files
# Everything lives in $OWLERY_CLUSTER_DIR (default /tmp/owlery-slurm); client commands need
# SLURM_CONF=$OWLERY_CLUSTER_DIR/slurm.conf, which `up` prints. Needs root (daemons, apt-get).
set -euo pipefail

dir=${OWLERY_CLUSTER_DIR:-/tmp/owlery-slurm}
conf=$dir/slurm.conf

install_packages() {
    command -v slurmctld >/dev/null && command -v munged >/dev/null && return 0
    command -v apt-get >/dev/null || { echo "local-cluster: no apt-get to install slurm-wlm and munge" >&2; return 3; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null 2>&1 || {
        apt-get update -qq >/dev/null
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
    }
}

start_munge() {
    # The package made the key and the user; munged refuses a socket directory it does not own.
    mkdir -p /run/munge
    chown munge:munge /run/munge
    chmod 0755 /run/munge
    if [[ -S /run/munge/munge.socket.2 ]] && munge -n </dev/null >/dev/null 2>&1; then
        return 0
    fi
    runuser -u munge -- munged
    # Remembered so that `down` stops only a munged that `up` started.
    mkdir -p "$dir"
    cp /run/munge/munged.pid "$dir/munged.pid"
}

write_config() {
    local host cpus memory
    host=$(hostname -s)
    cpus=$(nproc)
    # A little under what is free, or slurmd marks the node invalid.
    memory=$(free -m | awk '/^Mem:/ { print int($4 * 0.9) }')
    mkdir -p "$dir/state" "$dir/spool" "$dir/log"
    cat >"$conf" <<EOF
ClusterName=owlery
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
# Without these two, array tasks start seconds apart and sbatch --wait returns late.
SchedulerParameters=batch_sched_delay=0
MinJobAge=10
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
}

wait_idle() {
    local tries=0
    until SLURM_CONF=$conf sinfo -h -o '%t' 2>/dev/null | grep -qx 'idle'; do
        tries=$((tries + 1))
        if ((tries > 300)); then
            echo "local-cluster: the node did not become idle; see $dir/log" >&2
            SLURM_CONF=$conf sinfo >&2 || true
            return 1
        fi
        sleep 0.1
    done
}

stop_by_pid_file() {
    local file=$1 pid
    [[ -f $file ]] || return 0
    pid=$(cat "$file")
    if kill "$pid" 2>/dev/null; then
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
    rm -f "$file"
}

case ${1:-} in
up)
    install_packages
    start_munge
    write_config
    # -i: ignore saved state from an earlier run, so every `up` starts clean.
    slurmctld -f "$conf" -i
    slurmd -f "$conf"
    wait_idle
    echo "export SLURM_CONF=$conf"
    ;;
down)
    stop_by_pid_file "$dir/slurmd.pid"
    stop_by_pid_file "$dir/slurmctld.pid"
    stop_by_pid_file "$dir/munged.pid"
    ;;
*)
    echo "usage: $0 up|down" >&2
    exit 2
    ;;
esac

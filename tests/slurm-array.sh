#!/usr/bin/env bash
# End to end on a real Slurm: a one-node cluster runs the simulator as an 8-task array job, a
# dependent job merges the shards, and the merged tables must equal a single-process run byte for
# byte; then one task is cancelled midway, re-submitted, and the merge must give the same bytes.
# Run by .ci/run after the unit tests; skipped, saying so, where Slurm cannot be installed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

if ! command -v slurmctld >/dev/null && ! command -v apt-get >/dev/null; then
    echo "SKIPPED tests/slurm-array.sh: no Slurm and no apt-get to install it" >&2
    exit 0
fi
if [[ $(id -u) != 0 ]]; then
    echo "SKIPPED tests/slurm-array.sh: starting slurmctld, slurmd and munged needs root" >&2
    exit 0
fi

cargo build --quiet --profile test --bin owlery
export OWLERY_BIN=$root/target/debug/owlery
export OWLERY_GAME=scrabble-hp OWLERY_BOTS=greedy,greedy OWLERY_GAMES=800 OWLERY_SEED=2026
export OWLERY_SIM_ARGS="--chunk 5"
shards=8

work=$(mktemp -d /tmp/owlery-slurm-test.XXXXXX)
export OWLERY_CLUSTER_DIR=$work/cluster
cluster=$root/deploy/slurm/local-cluster.sh
trap '"$cluster" down; rm -rf "$work"' EXIT
started=$SECONDS
before_up=$EPOCHREALTIME
eval "$("$cluster" up)"
echo "cluster up in $(awk "BEGIN { printf \"%.2f\", $EPOCHREALTIME - $before_up }") s: $(sinfo -h -o '%N %c CPUs %t')"

# Polls squeue, every 0.2 s, until none of the given jobs is queued or running.
wait_for_jobs() {
    local jobs=$1
    while [[ -n $(squeue -h -j "$jobs" 2>/dev/null) ]]; do sleep 0.2; done
}

# Fails unless two run directories hold the same result files (chunks aside).
same_tables() {
    diff -r --exclude=chunks "$1" "$2" >/dev/null || {
        echo "FAILED: $1 and $2 differ:" >&2
        diff -r --exclude=chunks "$1" "$2" | head -20 >&2
        exit 1
    }
}

run=$work/run
mkdir -p "$run"
"$OWLERY_BIN" sim "$OWLERY_GAME" --games "$OWLERY_GAMES" --bots "$OWLERY_BOTS" --seed "$OWLERY_SEED" \
    $OWLERY_SIM_ARGS --out "$work/single" 2>/dev/null

cd "$run"
array=$(sbatch --parsable --cpus-per-task=1 --array=0-$((shards - 1)) \
    "$root/deploy/slurm/owlery-array.sbatch" "$run")
merge=$(sbatch --parsable --dependency=afterok:"$array" "$root/deploy/slurm/owlery-merge.sbatch" "$run")
wait_for_jobs "$array,$merge"
[[ -f $run/merged/bots.csv && -f $run/guide/guide.md ]] || {
    echo "FAILED: the merge job left no tables or guide" >&2
    cat "$run"/*.log >&2
    exit 1
}
same_tables "$work/single" "$run/merged"
echo "array of $shards shards merged after the array: identical to one process ($((SECONDS - started)) s)"

# Task 3 again from nothing, cancelled once it has checkpointed a chunk.
rm -rf "$run/shard-3" "$run/merged" "$run/guide"
task=$(sbatch --parsable --cpus-per-task=1 --array=3 --export=ALL,OWLERY_SHARDS=$shards \
    "$root/deploy/slurm/owlery-array.sbatch" "$run")
until compgen -G "$run/shard-3/chunks/*" >/dev/null; do sleep 0.02; done
scancel "${task}_3"
wait_for_jobs "$task"
finished=$(find "$run/shard-3/chunks" -type f | wc -l)
if "$OWLERY_BIN" merge "$run"/shard-* --out "$run/merged" 2>/dev/null; then
    echo "FAILED: task 3 finished before scancel reached it; nothing was interrupted" >&2
    exit 1
fi
rm -rf "$run/merged"
echo "task 3 cancelled with $finished of 20 chunks written; merge refuses the gap"

task=$(sbatch --parsable --cpus-per-task=1 --array=3 --export=ALL,OWLERY_SHARDS=$shards \
    "$root/deploy/slurm/owlery-array.sbatch" "$run")
merge=$(sbatch --parsable --dependency=afterok:"$task" "$root/deploy/slurm/owlery-merge.sbatch" "$run")
wait_for_jobs "$task,$merge"
same_tables "$work/single" "$run/merged"
echo "task 3 re-submitted and merged again: identical to one process ($((SECONDS - started)) s)"

# One `owlery balance` search shared by a 4-task array: the same files as one process.
balance_args="--param bingo_bonus=0..3:1 --param rack_size=6,7 --target seats-level --budget 800"
# shellcheck disable=SC2086 # a list of flags.
"$OWLERY_BIN" balance scrabble --bots greedy,greedy --seed 7 $balance_args \
    --out "$work/balance-single" >/dev/null 2>&1
balance=$(OWLERY_GAME=scrabble OWLERY_BOTS=greedy,greedy OWLERY_SEED=7 OWLERY_BALANCE_ARGS=$balance_args \
    sbatch --parsable --cpus-per-task=1 --array=0-3 "$root/deploy/slurm/owlery-balance.sbatch" "$work/balance")
wait_for_jobs "$balance"
for file in values.toml balance_path.csv balance_confirm.csv balance.md; do
    cmp -s "$work/balance-single/$file" "$work/balance/$file" || {
        echo "FAILED: the array's $file differs from one process's" >&2
        cat "$run"/owlery-balance-*.log >&2
        exit 1
    }
done
echo "balance shared by an array of 4 tasks: identical to one process ($((SECONDS - started)) s)"

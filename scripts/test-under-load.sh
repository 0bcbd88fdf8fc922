#!/usr/bin/env bash
# Runs the whole suite (`npm test`) while every core is kept busy by a spinning
# shell loop, to prove that no test depends on a quiet machine.
#
#   bash scripts/test-under-load.sh [RUNS]    # RUNS in a row (default 1); stops at the first failure
#
# BUSY_LOOPS sets how many loops spin (default: one per core, from nproc).
# Each run's wall time is printed; the loops are stopped by their process ids
# when the script ends, however it ends.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-1}"
if ! [[ "$runs" =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: bash scripts/test-under-load.sh [RUNS]   (RUNS a whole number ≥ 1, got \"$runs\")" >&2
  exit 2
fi
loops="${BUSY_LOOPS:-$(nproc 2>/dev/null || echo 2)}"

pids=()
stop_loops() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap stop_loops EXIT
for _ in $(seq "$loops"); do
  bash -c 'while :; do :; done' &
  pids+=("$!")
done
echo "test-under-load: $loops busy loops (pids ${pids[*]}), $runs run(s) of npm test"

for run in $(seq "$runs"); do
  start=$(date +%s)
  if npm test; then
    echo "test-under-load: run $run of $runs passed in $(( $(date +%s) - start )) s"
  else
    echo "test-under-load: run $run of $runs FAILED after $(( $(date +%s) - start )) s" >&2
    exit 1
  fi
done
echo "test-under-load: all $runs run(s) passed under load"

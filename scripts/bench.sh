#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds Release and runs the benchmark suite (Google Benchmark), writing JSON for comparison.
#   scripts/bench.sh [--name NAME] [--filter REGEX] [--repetitions N] [--threads N]
#                    [--backend host|offload|auto] [--preset PRESET] [--min-time SECONDS]
# Writes bench/results/NAME.json (default NAME: <hostname>-<date>); the console shows the table.
# The reference in every benchmark is an OpenMP loop over LAPACKE with OpenBLAS on one thread.
set -euo pipefail
cd "$(dirname "$0")/.."
name="$(hostname -s)-$(date +%Y%m%d-%H%M%S)"
filter="" reps=1 threads="" backend="" preset=host-gcc min_time=""
while [ $# -gt 0 ]; do
  case "$1" in
    --name) name=$2; shift 2 ;;
    --filter) filter=$2; shift 2 ;;
    --repetitions) reps=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --backend) backend=$2; shift 2 ;;
    --preset) preset=$2; shift 2 ;;
    --min-time) min_time=$2; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "bench.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
bash scripts/deps.sh > /dev/null
. scripts/openblas-env.sh
cmake --preset "$preset" > /dev/null
cmake --build --preset "$preset" --target ompbatch_bench > /dev/null
[ -n "$threads" ] && export OMP_NUM_THREADS=$threads
[ -n "$backend" ] && export OMPBATCH_BACKEND=$backend
mkdir -p bench/results
out="bench/results/$name.json"
args=(--benchmark_out="$out" --benchmark_out_format=json --benchmark_repetitions="$reps")
[ -n "$filter" ] && args+=(--benchmark_filter="$filter")
[ -n "$min_time" ] && args+=(--benchmark_min_time="$min_time")
[ "$reps" -gt 1 ] && args+=(--benchmark_report_aggregates_only=true)
"build/$preset/bench/ompbatch_bench" "${args[@]}"
echo "bench.sh: wrote $out"

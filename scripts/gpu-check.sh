#!/usr/bin/env bash
# Runs the offload-nvptx build on a GPU machine (NVIDIA driver and CUDA 13's cuBLAS/cuSOLVER
# there; the rest comes in build/gpu-pack/ompbatch-nvptx.tar.xz from scripts/gpu-pack.sh):
#   1. the whole test suite with OMPBATCH_BACKEND=offload (ctest's offload.* set), a process a test;
#   2. the getrf/potrf tests with OMPBATCH_OFFLOAD_SHAPE=team and =blocked (ctest's offload-team.*
#      and offload-blocked.* sets);
#   3. the C and Fortran examples on the offload backend;
#   4. ompbatch_cublas_bench: dgetrf/dpotrf against cuBLAS/cuSOLVER batched.
# Logs and the bench's CSV go to OUTDIR; the last lines printed are the summary.
#
#   scripts/gpu-check.sh OUTDIR [seconds for the tests] [seconds for the bench]
# Narrower runs (environment): GPU_CHECK_FIRST=FILTER runs those tests alone first;
# GPU_CHECK_SUITES picks the suites (default "offload offload-team offload-blocked"; "none": no
# tests);
# GPU_CHECK_BENCH the bench's arguments, part by part
# ("--batches 100000 4 8|--batches 10000 --shapes thread,team 64").
set -uo pipefail
out=${1:?usage: scripts/gpu-check.sh OUTDIR [test seconds] [bench seconds]}
test_s=${2:-150}
bench_s=${3:-150}
cd "$(dirname "$0")/.."
mkdir -p "$out"
run=${TMPDIR:-/tmp}/ompbatch-gpu
rm -rf "$run" && mkdir -p "$run"
xz -dc build/gpu-pack/ompbatch-nvptx.tar.xz | tar -C "$run" -xf - || exit 1
lib=$run/lib bin=$run/bin
{
  date -u '+# %F %T UTC'
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem \
    --format=csv 2>&1
  # libomptarget's CUDA plugin opens "libcuda.so"; drivers in containers may ship only .so.1.
  if ! ldconfig -p | grep -q 'libcuda\.so '; then
    c=$( (ldconfig -p | awk '/libcuda\.so\.1 /{print $NF}'; ls /usr/local/nvidia/lib64/libcuda.so.1 \
          /usr/lib/x86_64-linux-gnu/libcuda.so.1 2>/dev/null) | head -1)
    echo "libcuda.so -> ${c:-none found}"
    [ -n "$c" ] && ln -sf "$c" "$lib/libcuda.so"
  fi
  cu=""
  for d in /usr/local/cuda/lib64 /usr/local/cuda/targets/x86_64-linux/lib /usr/local/cuda/lib \
           $(python3 -c 'import nvidia, os; print(" ".join(os.path.join(p, s, "lib") for p in nvidia.__path__ for s in os.listdir(p)))' 2>/dev/null); do
    if [ -e "$d/libcublas.so.13" ] || [ -e "$d/libcusolver.so.12" ]; then cu="$cu:$d"; fi
  done
  echo "CUDA libraries: ${cu:-none found}"
} > "$out/device.txt" 2>&1
cu=$(awk -F': ' '/^CUDA libraries/{print $2}' "$out/device.txt")
[ "$cu" = "none found" ] && cu=""
export LD_LIBRARY_PATH="$lib$cu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
ldd "$bin"/* | grep 'not found' >> "$out/device.txt"
cat "$out/device.txt"

export OMPBATCH_BACKEND=offload OMP_TARGET_OFFLOAD=MANDATORY OMP_NUM_THREADS=1
export bin run
jobs=${GPU_CHECK_JOBS:-16}
# run_one NAME TEST: one test in its own process, stopped at the suite's deadline; prints
# "PASS|FAIL|TIMEOUT|NOT-RUN TEST seconds".
run_one() {
  local name=$1 t=$2 left=$((deadline - $(date +%s)))
  local log="$run/$name/${t//\//_}.log" t0
  [ $left -gt 0 ] || { echo "NOT-RUN $t"; return; }
  t0=$(date +%s)
  env $suite_env timeout $left "$bin/ompbatch_tests" --gtest_filter="$t" > "$log" 2>&1
  local rc=$? dt=$(($(date +%s) - t0))
  if [ $rc = 0 ] && grep -q '^\[  PASSED  \] 1 test' "$log"; then echo "PASS $t ${dt}s"
  elif [ $rc = 124 ]; then echo "TIMEOUT $t ${dt}s"
  else echo "FAIL $t rc=$rc ${dt}s"; fi
}
export -f run_one
# suite NAME FILTER [VAR=VALUE ...]: each test of FILTER in its own process, GPU_CHECK_JOBS at a
# time (the long ones first), all stopped test_s/2 seconds after the suite starts: a slow test
# holds up no other. NAME.log: one line per test, then the logs of those that did not pass.
suite() {
  local name=$1 filter=$2 t0=$SECONDS
  shift 2
  export suite_env="$*" deadline=$(($(date +%s) + test_s / 2))
  mkdir -p "$run/$name"
  "$bin/ompbatch_tests" --gtest_filter="$filter" --gtest_list_tests |
    awk '/^[^ ]/ {s = $1} /^  / {print s $1}' |
    awk '/VendorCrossovers|LargeMatri|NonFinite|ManyMatrices|OffloadShapes/ {print; next} {rest = rest $0 "\n"} END {printf "%s", rest}' |
    xargs -P "$jobs" -I{} bash -c 'run_one "$0" "$1"' "$name" {} | sort -k2 > "$out/$name.log"
  for f in $(awk '$1 == "FAIL" || $1 == "TIMEOUT" {print $2}' "$out/$name.log"); do
    echo "### $f"
    tail -20 "$run/$name/${f//\//_}.log"
  done >> "$out/$name.log"
  echo "$name: $(awk '$1 ~ /^(PASS|FAIL|TIMEOUT|NOT-RUN)$/ {n[$1]++} END {printf "%d passed, %d failed, %d stopped at the limit, %d not started", n["PASS"], n["FAIL"], n["TIMEOUT"], n["NOT-RUN"]}' "$out/$name.log"), $((SECONDS - t0)) s"
  grep -E '^(FAIL|TIMEOUT) ' "$out/$name.log" | head -20
}
[ -n "${GPU_CHECK_FIRST:-}" ] && suite tests-first "$GPU_CHECK_FIRST"
for s in ${GPU_CHECK_SUITES:-offload offload-team offload-blocked}; do
  case $s in
    offload) suite tests-offload '*' ;;
    offload-team | offload-blocked)
      suite tests-$s \
        'Getrf*:Solvers*.Potr*:Solvers*.LargeMatrices*:Solvers*.OffloadMatchesHost:NonFinite*:ManyMatrices.*:WorkedExample*:CxxApi*' \
        OMPBATCH_OFFLOAD_SHAPE=${s#offload-} ;;
  esac
done
for e in c_api_example c_enum_checks fortran_getrf_solve; do
  timeout 60 "$bin/$e" > "$run/$e.log" 2>&1
  echo "$e: exit $?" | tee -a "$out/examples.log"
  cat "$run/$e.log" >> "$out/examples.log"
done

# The bench: n <= 32 at 10^5 and 10^6 matrices (the issue's targets), n = 64..256 at 10^4 (where
# a team per matrix may win), thread and team; few large matrices (8 and 32 of n = 256..1024),
# team and blocked. GPU_CHECK_BENCH: the bench's arguments for each part,
# "|" between parts. A part still running bench_s seconds after the first started is stopped,
# and the parts after it do not run. Where the pack holds a base library (gpu-pack.sh's
# BASE_BUILD_DIR), each part runs with it right after, into cublas-base.csv.
t0=$SECONDS
csv=$out/cublas.csv
: > "$csv"
IFS='|' read -r -a parts <<< "${GPU_CHECK_BENCH:---batches 100000 4 8 16 32|--batches 1000000 8 16|--batches 10000 64 128 256|--batches 8,32 --shapes team,blocked 256 512 1024}"
for part in "${parts[@]}"; do
  left=$((bench_s - (SECONDS - t0)))
  [ $left -gt 5 ] || { echo "# bench $part: no time left" | tee -a "$csv"; continue; }
  # shellcheck disable=SC2086  # the part's words are the bench's arguments
  timeout $left "$bin/ompbatch_cublas_bench" $part >> "$csv" 2>&1 ||
    echo "# bench $part stopped: exit $?" | tee -a "$csv"
  [ -d "$run/base" ] || continue
  left=$((bench_s - (SECONDS - t0)))
  [ $left -gt 5 ] || continue
  # shellcheck disable=SC2086
  LD_LIBRARY_PATH="$run/base:$LD_LIBRARY_PATH" timeout $left "$bin/ompbatch_cublas_bench" $part \
    >> "$out/cublas-base.csv" 2>&1 || echo "# bench $part stopped: exit $?" >> "$out/cublas-base.csv"
done
echo "bench: $((SECONDS - t0)) s"
{ command -v column >/dev/null && column -s, -t || cat; } < <(grep -v '^#' "$csv" | awk -F, 'NR == 1 || $1 != "routine"' | cut -d, -f1-7,9-12)

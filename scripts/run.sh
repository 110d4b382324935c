#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Installs what is missing, builds Release and runs the tester: every routine (n = 4..128,
# S/D/C/Z, three layouts) on the resolved backend against a LAPACKE loop.
#   scripts/run.sh [--preset host-gcc|offload-x86|offload-nvptx] [tester options ...]
# Tester options: --help, -n 8,32, -p d, -l interleaved, -b host|offload|auto, --batch N, ...
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${OMPBATCH_PRESET:-host-gcc}
if [ "${1:-}" = "--preset" ]; then
  preset=$2
  shift 2
fi
bash scripts/deps.sh > /dev/null
. scripts/openblas-env.sh
cmake --preset "$preset" > /dev/null
cmake --build --preset "$preset" --target ompbatch-tester > /dev/null
exec "build/$preset/tools/ompbatch-tester" "$@"

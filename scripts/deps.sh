#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Installs the Debian packages ompbatch needs that are not installed yet (needs root or sudo).
set -euo pipefail
packages=(
  cmake ninja-build g++ git
  clang-19 clang-tools-19 llvm-19 libomp-19-dev     # offload compiler, libomptarget, nvptx runtime
  libclang-rt-19-dev                                # clang sanitizers and libFuzzer (presets sanitize, tsan)
  libopenblas-dev liblapacke-dev                    # vendor BLAS/LAPACK (and the reference)
  libgtest-dev libbenchmark-dev libbenchmark-tools  # tests, benchmarks, compare.py
  libcli11-dev libfmt-dev                           # tester options and tables
  python3-scipy python3-matplotlib                  # compare.py's statistics, plots
  libtrilinos-kokkos-dev libtrilinos-kokkos-kernels-dev  # the benchmarks' peer (KokkosBatched)
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "deps: all ${#packages[@]} packages present"
  exit 0
fi
echo "deps: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"

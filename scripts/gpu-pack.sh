#!/usr/bin/env bash
# Packs the offload-nvptx build for a GPU machine that has the NVIDIA driver and CUDA's libraries
# but none of this machine's: the tests, the benchmarks and the tester, libompbatch, clang-19's
# OpenMP offload runtime (libomp, libomptarget with its CUDA plugin, and libLLVM it needs) and the
# reference's OpenBLAS/LAPACKE, every library that ldd resolves outside glibc and CUDA.
#
#   cmake --preset offload-nvptx && cmake --build --preset offload-nvptx
#   scripts/gpu-pack.sh [BUILD_DIR [BASE_BUILD_DIR]]
#     -> build/gpu-pack/ompbatch-nvptx.tar.xz (about 55 MB)
#   (BUILD_DIR: build/offload-nvptx unless given; BASE_BUILD_DIR: another offload-nvptx build,
#   of the commit to compare with, whose libompbatch goes along for gpu-check.sh's bench to run
#   against the same binaries on the same device)
#
# On the GPU machine, in a copy of this repository with build/gpu-pack in it:
#   scripts/gpu-check.sh OUTDIR    (tests on the offload backend, both shapes; cuBLAS bench)
set -euo pipefail
cd "$(dirname "$0")/.."
b=${1:-build/offload-nvptx}
base=${2:-}
out=build/gpu-pack
bins=(tests/ompbatch_tests tests/c_api_example tests/c_enum_checks tests/fortran_getrf_solve
      bench/ompbatch_cublas_bench)
for f in "${bins[@]}"; do
  [ -x "$b/$f" ] || { echo "gpu-pack: $b/$f is missing: build the offload-nvptx preset" >&2; exit 1; }
done
rm -rf "$out"
mkdir -p "$out/stage/bin" "$out/stage/lib"
for f in "${bins[@]}"; do cp "$b/$f" "$out/stage/bin/"; done
# Every library the binaries load, by its soname, except glibc's own and CUDA's (the GPU
# machine's driver and toolkit provide those, matched to its GPU).
ldd "${bins[@]/#/$b/}" | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}' | sort -u |
  while read -r name path; do
    case "$name" in
      libc.so*|libm.so*|libdl.so*|libpthread.so*|librt.so*|ld-linux*|libcu*|libnvJitLink*) ;;
      *) cp -L "$path" "$out/stage/lib/$name" ;;
    esac
  done
if [ -n "$base" ]; then
  mkdir -p "$out/stage/base"
  cp -L "$base/libompbatch.so.0" "$out/stage/base/"
fi
# Symbol tables are not needed to run (the dynamic symbols and the offload images stay).
strip --strip-unneeded "$out"/stage/bin/* "$out"/stage/lib/libompbatch*
if [ -n "$base" ]; then strip --strip-unneeded "$out"/stage/base/*; fi
tar -C "$out/stage" -cf - . | xz -T0 -9 > "$out/ompbatch-nvptx.tar.xz"
rm -rf "$out/stage"
ls -la "$out"

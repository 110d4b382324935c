# SPDX-License-Identifier: BSD-3-Clause
# Sourced by the run and bench scripts: Debian's OpenBLAS 0.3.21 does not recognise some newer
# x86 CPUs and falls back to its Prescott (SSE3) kernels, which would make the LAPACKE baseline
# several times slower than it can be. Unless the caller chose a core, pick the newest kernel
# family the CPU supports, so that comparisons are made against the best baseline.
if [ -z "${OPENBLAS_CORETYPE:-}" ] && [ -r /proc/cpuinfo ]; then
  flags=$(grep -m1 '^flags' /proc/cpuinfo)
  case "$flags" in
    *avx512f*avx512bw*avx512vl*) export OPENBLAS_CORETYPE=SkylakeX ;;
    *avx2*) export OPENBLAS_CORETYPE=Haswell ;;
  esac
fi

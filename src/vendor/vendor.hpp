// SPDX-License-Identifier: BSD-3-Clause
// The vendor path on the host: one LAPACKE call per matrix inside one OpenMP loop, OpenBLAS on
// one thread per call. It serves the sizes where OpenBLAS's blocked kernels beat the SIMD lane
// kernels (the crossovers in dispatch.hpp, measured with bench/getrf_bench).
#pragma once

#include "ompbatch/ompbatch.hpp"

namespace ompbatch::detail::vendor {

template <class T>
void getrf(const BatchView<T> &A, Pivots ipiv, int *info);

}  // namespace ompbatch::detail::vendor

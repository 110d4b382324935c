// SPDX-License-Identifier: BSD-3-Clause
// The vendor path on the host: one LAPACKE/CBLAS call per matrix (vendor/columns.hpp). It serves
// the sizes where OpenBLAS's blocked kernels beat the SIMD lane kernels (the crossovers in
// dispatch.hpp). Pivots outside 1..n given to getrs/getri swap nothing, as on the lane path.
#pragma once

#include "ompbatch/ompbatch.hpp"

namespace ompbatch::detail::vendor {

template <class T>
void getrf(const BatchView<T> &A, Pivots ipiv, int *info);

template <class T>
void getrs(Op trans, const BatchView<const T> &A, ConstPivots ipiv, const BatchView<T> &B);

template <class T>
void getri(const BatchView<const T> &A, ConstPivots ipiv, const BatchView<T> &C, int *info);

template <class T>
void matinv(const BatchView<const T> &A, const BatchView<T> &C, int *info);

template <class T>
void potrf(Uplo uplo, const BatchView<T> &A, int *info);

template <class T>
void potrs(Uplo uplo, const BatchView<const T> &A, const BatchView<T> &B);

template <class T>
void trsm(Side side, Uplo uplo, Op trans, Diag diag, T alpha, const BatchView<const T> &A,
          const BatchView<T> &B);

template <class T>
void geqrf(const BatchView<T> &A, const BatchView<T> &tau);

template <class T>
void gels(Op trans, const BatchView<T> &A, const BatchView<T> &C, int *info);

}  // namespace ompbatch::detail::vendor

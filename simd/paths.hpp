// SPDX-License-Identifier: BSD-3-Clause
// The host backend's lane path (the SIMD lane kernels' drivers, simd/*_host.cpp; inputs checked,
// sizes non-zero) and the routines of its tuning tables. The vendor path is simd/vendor/vendor.hpp;
// simd/route.cpp chooses between them, src/backends.hpp is what the core calls.
#pragma once

#include "ompbatch/ompbatch.hpp"

namespace ompbatch::detail {

enum class Routine { getrf, getri, matinv, potrf, getrs, potrs, trsm, geqrf, gels };

}  // namespace ompbatch::detail

namespace ompbatch::detail::host {

template <class T>
void getrf(const BatchView<T> &A, Pivots ipiv, int *info);

/// getrf of getrf_width<T>() lanes packed in a thread's buffer (row stride W, column stride n W,
/// pivots at stride W): matinv's factorization in single precision (simd/getrf_host.cpp).
template <class T>
void getrf_packed(int n, T *a, int *ipiv, int *info, T *work);

template <class T>
void copy(const BatchView<const T> &from, const BatchView<T> &to);

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

}  // namespace ompbatch::detail::host

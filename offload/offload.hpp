// SPDX-License-Identifier: BSD-3-Clause
// Offload backend entry points (inputs already checked, sizes non-zero).
#pragma once

#include "ompbatch/ompbatch.hpp"

namespace ompbatch::detail::offload {

template <class T>
void getrf(const Context &ctx, const BatchView<T> &A, Pivots ipiv, int *info);

template <class T>
void copy(const Context &ctx, const BatchView<const T> &from, const BatchView<T> &to);

template <class T>
void getrs(const Context &ctx, Op trans, const BatchView<const T> &A, ConstPivots ipiv,
           const BatchView<T> &B);

template <class T>
void getri(const Context &ctx, const BatchView<const T> &A, ConstPivots ipiv, const BatchView<T> &C,
           int *info);

template <class T>
void matinv(const Context &ctx, const BatchView<const T> &A, const BatchView<T> &C, int *info);

template <class T>
void potrf(const Context &ctx, Uplo uplo, const BatchView<T> &A, int *info);

template <class T>
void potrs(const Context &ctx, Uplo uplo, const BatchView<const T> &A, const BatchView<T> &B);

template <class T>
void trsm(const Context &ctx, Side side, Uplo uplo, Op trans, Diag diag, T alpha,
          const BatchView<const T> &A, const BatchView<T> &B);

template <class T>
void geqrf(const Context &ctx, const BatchView<T> &A, const BatchView<T> &tau);

template <class T>
void gels(const Context &ctx, Op trans, const BatchView<T> &A, const BatchView<T> &C, int *info);

}  // namespace ompbatch::detail::offload

// SPDX-License-Identifier: BSD-3-Clause
// Address arithmetic of the three layouts, usable on host and device. Item b of a batch
// starts at a base address and its element (i,j) is at i*rs + j*cs from there.
#pragma once

#include "kernels/scalar.hpp"
#include "ompbatch/ompbatch.hpp"

namespace ompbatch::detail {

#pragma omp declare target

/// Offset of item b from the batch's first element (strided and interleaved layouts).
/// For interleaved, `block` is width*ld*cols, the size of one block of `width` matrices.
inline idx item_offset(Layout layout, idx b, long long stride, int width, idx block) noexcept {
  return layout == Layout::interleaved ? (b / width) * block + b % width : b * stride;
}

inline idx row_stride(Layout layout, int width) noexcept {
  return layout == Layout::interleaved ? width : 1;
}

inline idx col_stride(Layout layout, int ld, int width) noexcept {
  return layout == Layout::interleaved ? idx(ld) * width : ld;
}

/// y(i,j) = x(i,j) for the m x n elements, each matrix with its own strides (int/idx, or
/// std::integral_constant where known at compile time: the loops then unroll).
template <class T, class M, class N, class XRS, class XCS, class YRS, class YCS>
inline void copy_elements(M m, N n, const T *x, XRS xrs, XCS xcs, T *y, YRS yrs, YCS ycs) noexcept {
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) y[i * yrs + j * ycs] = x[i * xrs + j * xcs];
}

#pragma omp end declare target

template <class T>
T *item(const BatchView<T> &v, idx b) noexcept {
  if (v.layout == Layout::pointer_array) return v.ptrs[b];
  return v.data + item_offset(v.layout, b, v.stride, v.width, idx(v.width) * v.ld * v.cols);
}

/// Number of elements from the first element of a strided or interleaved batch to one past
/// its last (the range a contiguous mapping must cover). Zero for an empty batch.
template <class T>
idx extent(const BatchView<T> &v) noexcept {
  if (v.count == 0 || v.rows == 0 || v.cols == 0) return 0;
  const idx last =
      item_offset(v.layout, v.count - 1, v.stride, v.width, idx(v.width) * v.ld * v.cols);
  return last + (v.rows - 1) * row_stride(v.layout, v.width) +
         (v.cols - 1) * col_stride(v.layout, v.ld, v.width) + 1;
}

/// The pivots of a batch as a rows=min(m,n) x cols=1 view in the matrices' layout
/// (P = int for getrf's output, const int for the solvers' input).
template <class P, class T>
BatchView<P> pivot_view(const BatchView<T> &A, P *data, long long stride) noexcept {
  const int kmax = A.rows < A.cols ? A.rows : A.cols;
  if (A.layout == Layout::interleaved)
    return BatchView<P>::interleaved(kmax, 1, data, kmax > 0 ? kmax : 1, A.width, A.count);
  return BatchView<P>::strided(kmax, 1, data, kmax > 0 ? kmax : 1, stride, A.count);
}

}  // namespace ompbatch::detail

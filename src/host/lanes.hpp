// SPDX-License-Identifier: BSD-3-Clause
// Host SIMD path: the batch is cut into chunks of W matrices that run as the W lanes of one
// kernel call. A chunk that is W whole lanes of a user's interleaved block runs in place;
// any other chunk (pointer array, strided, narrow or partial blocks) is packed into a small
// cache-resident interleaved buffer, run, and unpacked. Padding lanes are never written.
#pragma once

#include <algorithm>
#include <complex>
#include <type_traits>
#include <vector>

#include "kernels/layout.hpp"

namespace ompbatch::detail::host {

/// Lanes per kernel call, per scalar type (two AVX2 registers of each type's lanes).
template <class T>
constexpr int width() {
  if constexpr (std::is_same_v<T, float>) return 16;
  if constexpr (std::is_same_v<T, double>) return 8;
  if constexpr (std::is_same_v<T, std::complex<float>>) return 8;
  return 4;
}

/// Chunks of W matrices covering a batch; in-place chunks are W lanes of one interleaved block.
template <class T, int W>
struct Chunks {
  const BatchView<T> &v;
  bool blocks;  // interleaved with width >= W: chunks follow the user's blocks
  idx per_block, count;

  explicit Chunks(const BatchView<T> &view)
      : v(view), blocks(view.layout == Layout::interleaved && view.width >= W) {
    per_block = blocks ? (v.width + W - 1) / W : 1;
    count = blocks ? ((v.count + v.width - 1) / v.width) * per_block : (v.count + W - 1) / W;
  }
  /// First matrix of chunk c and its number of lanes (0: the chunk is past the batch).
  void at(idx c, idx &b0, int &lanes) const {
    idx n;
    if (blocks) {
      const idx lane0 = (c % per_block) * W;
      b0 = (c / per_block) * v.width + lane0;
      n = std::min<idx>(W, std::min<idx>(v.width - lane0, v.count - b0));
    } else {
      b0 = c * W;
      n = std::min<idx>(W, v.count - b0);
    }
    lanes = int(n > 0 ? n : 0);
  }
  bool in_place(int lanes) const { return blocks && lanes == W; }
};

/// buf[(i + j*rows)*W + l] = element (i,j) of matrix b0+l; lanes past `lanes` are zero.
template <class T, int W, class U>
void pack_lanes(const BatchView<U> &v, idx b0, int lanes, T *buf) {
  const idx rs = row_stride(v.layout, v.width), cs = col_stride(v.layout, v.ld, v.width);
  for (int l = 0; l < W; ++l) {
    const U *a = l < lanes ? item(v, b0 + l) : nullptr;
    for (int j = 0; j < v.cols; ++j)
      for (int i = 0; i < v.rows; ++i)
        buf[(i + idx(j) * v.rows) * W + l] = a ? T(a[i * rs + j * cs]) : T(0);
  }
}

/// The inverse of pack_lanes for the first `lanes` lanes.
template <class T, int W>
void unpack_lanes(const T *buf, idx b0, int lanes, const BatchView<T> &v) {
  const idx rs = row_stride(v.layout, v.width), cs = col_stride(v.layout, v.ld, v.width);
  for (int l = 0; l < lanes; ++l) {
    T *a = item(v, b0 + l);
    for (int j = 0; j < v.cols; ++j)
      for (int i = 0; i < v.rows; ++i) a[i * rs + j * cs] = buf[(i + idx(j) * v.rows) * W + l];
  }
}

}  // namespace ompbatch::detail::host

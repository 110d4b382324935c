// SPDX-License-Identifier: BSD-3-Clause
// A batch in one of the three layouts, loaded from contiguous matrices: the tester's and the
// benchmarks' storage.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "ompbatch/ompbatch.hpp"

namespace ompbatch::bench {

/// A batch of r x c matrices (leading dimension r) in one layout, loaded from `count`
/// contiguous column-major matrices. The batch starts on a cache line (64 bytes), as the README
/// asks of users' batches, or `offset` bytes past one (a multiple of sizeof(T)).
template <class T>
struct Stack {
  Layout layout;
  int r, c, width;
  long long count;
  std::vector<T> raw;  // the storage, a line longer than the batch
  T *data;             // the batch's first element
  std::vector<T *> ptrs;

  Stack(Layout l, int rows, int cols, long long n, int w, size_t offset = 0)
      : layout(l), r(rows), c(cols), width(w), count(n) {
    const size_t rc = size_t(r) * c, line = 64;
    raw.resize(elements() + (line + offset) / sizeof(T));
    const auto at = reinterpret_cast<std::uintptr_t>(raw.data());
    data = reinterpret_cast<T *>((at + line - 1) / line * line + offset);
    for (long long b = 0; b < n; ++b) ptrs.push_back(data + b * rc);
  }
  Stack(const Stack &) = delete;  // data and ptrs point into raw
  Stack &operator=(const Stack &) = delete;
  /// Elements from data on that the batch spans (an interleaved batch's last block whole).
  size_t elements() const {
    const size_t rc = size_t(r) * c;
    return layout == Layout::interleaved ? size_t((count + width - 1) / width) * width * rc
                                         : rc * count;
  }
  size_t index(long long b, size_t e) const {
    const size_t rc = size_t(r) * c;
    return layout == Layout::interleaved ? (b / width) * width * rc + e * width + b % width
                                         : b * rc + e;
  }
  void load(const std::vector<T> &orig) {
    const size_t rc = size_t(r) * c;
    if (layout != Layout::interleaved) {
      std::memcpy(static_cast<void *>(data), orig.data(), sizeof(T) * orig.size());
      return;
    }
    for (long long b = 0; b < count; ++b)
      for (size_t e = 0; e < rc; ++e) data[index(b, e)] = orig[b * rc + e];
  }
  std::vector<T> get(long long b) const {
    std::vector<T> x(size_t(r) * c);
    for (size_t e = 0; e < x.size(); ++e) x[e] = data[index(b, e)];
    return x;
  }
  template <class U>
  BatchView<U> view() {
    const int n = int(count);
    if (layout == Layout::pointer_array)
      return BatchView<U>::pointer_array(r, c, reinterpret_cast<U *const *>(ptrs.data()), r, n);
    if (layout == Layout::strided) return BatchView<U>::strided(r, c, data, r, (long long)r * c, n);
    return BatchView<U>::interleaved(r, c, data, r, width, n);
  }
};

/// Pivots in a stack's layout (k per matrix).
struct PivotStack {
  Layout layout;
  int k, width;
  std::vector<int> p;
  PivotStack(Layout l, int kk, long long n, int w)
      : layout(l), k(kk), width(w), p(size_t((n + w - 1) / w) * w * kk) {}
  ompbatch::Pivots pivots() { return {p.data(), k}; }
  /// The pivots of `count` matrices, k each, contiguous.
  void load(const std::vector<int> &orig) {
    const long long count = (long long)(orig.size() / std::max(k, 1));
    for (long long b = 0; b < count; ++b)
      for (int i = 0; i < k; ++i)
        p[layout == Layout::interleaved ? (b / width) * width * k + size_t(i) * width + b % width
                                        : b * k + i] = orig[b * k + i];
  }
  std::vector<int> get(long long b) const {
    std::vector<int> x(k);
    for (int i = 0; i < k; ++i)
      x[i] = layout == Layout::interleaved
                 ? p[(b / width) * width * k + size_t(i) * width + b % width]
                 : p[b * k + i];
    return x;
  }
};

}  // namespace ompbatch::bench

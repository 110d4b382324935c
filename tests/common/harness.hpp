// SPDX-License-Identifier: BSD-3-Clause
// Test harness: a batch in any layout with sentinel-filled padding, the C API per precision,
// LAPACKE references and LAPACK's residual ratios in units of eps.
#pragma once

#include <gtest/gtest.h>
#include <omp.h>
#include <sys/mman.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "common/matrices.hpp"
#include "common/reference.hpp"
#include "ompbatch/ompbatch.h"
#include "ompbatch/ompbatch.hpp"

namespace ompbtest {

using ompbatch::Layout;
using cfloat = std::complex<float>;
using cdouble = std::complex<double>;
using Precisions = ::testing::Types<float, double, cfloat, cdouble>;

using ompbatch::testing::eps;
using ompbatch::testing::is_complex;
using ompbatch::testing::random_matrix;
using ompbatch::testing::real_t;

inline const char *layout_name(Layout l) {
  return l == Layout::pointer_array ? "pointer_array"
         : l == Layout::strided     ? "strided"
                                    : "interleaved";
}
inline const char *backend_name(ompbBackend_t b) {
  return b == OMPB_BACKEND_OFFLOAD ? "offload" : "host";
}

inline const std::vector<Layout> &all_layouts() {
  static const std::vector<Layout> l{Layout::pointer_array, Layout::strided, Layout::interleaved};
  return l;
}

/// The backends a test runs on: the one OMPBATCH_BACKEND names, else every usable one.
std::vector<ompbBackend_t> test_backends();

/// Sets environment variables for one scope and restores them afterwards.
class EnvGuard {
 public:
  void set(const char *name, const char *value) {
    const char *old = std::getenv(name);
    saved_.push_back({name, old ? std::string(old) : std::string(), old != nullptr});
    if (value)
      setenv(name, value, 1);
    else
      unsetenv(name);
  }
  ~EnvGuard() {
    for (auto it = saved_.rbegin(); it != saved_.rend(); ++it) {
      if (it->had)
        setenv(it->name.c_str(), it->value.c_str(), 1);
      else
        unsetenv(it->name.c_str());
    }
  }

 private:
  struct Saved {
    std::string name, value;
    bool had;
  };
  std::vector<Saved> saved_;
};

/// An address range reserved without backing store (MAP_NORESERVE): only the pages a test
/// touches take memory, so a batch can span more than memory holds. data() is null when the
/// mapping failed.
class Reserved {
 public:
  explicit Reserved(std::size_t bytes) : bytes_(bytes) {
    void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    data_ = p == MAP_FAILED ? nullptr : p;
  }
  ~Reserved() {
    if (data_) munmap(data_, bytes_);
  }
  Reserved(const Reserved &) = delete;
  Reserved &operator=(const Reserved &) = delete;
  void *data() const { return data_; }
  std::size_t bytes() const { return bytes_; }
  template <class T>
  T *as() const {
    return static_cast<T *>(data_);
  }

 private:
  std::size_t bytes_;
  void *data_ = nullptr;
};

/// A handle on `backend` (fails the test when it cannot be had).
struct Handle {
  ompbHandle_t h = nullptr;
  explicit Handle(ompbBackend_t backend = OMPB_BACKEND_HOST) {
    EXPECT_EQ(ompbCreate(&h), OMPB_STATUS_SUCCESS);
    EXPECT_EQ(ompbSetBackend(h, backend), OMPB_STATUS_SUCCESS) << ompbGetLastErrorMessage(h);
  }
  ~Handle() { ompbDestroy(h); }
  Handle(const Handle &) = delete;
  Handle &operator=(const Handle &) = delete;
  operator ompbHandle_t() const { return h; }
};

/// Uniform random values in [-1, 1] (both parts for complex).
/// The C API of one precision, so typed tests can call the real contract.
template <class T>
struct CApi;
#define OMPBTEST_CAPI(L, T)                                                                      \
  template <>                                                                                    \
  struct CApi<T> {                                                                               \
    static constexpr char letter = #L[0];                                                        \
    static ompbStatus_t getrf(ompbHandle_t h, int n, T *const A[], int lda, int *p, int *info,   \
                              int batch) {                                                       \
      return ompb##L##getrfBatched(h, n, A, lda, p, info, batch);                                \
    }                                                                                            \
    static ompbStatus_t getrf(ompbHandle_t h, int m, int n, T *A, int lda, long long sA, int *p, \
                              long long sP, int *info, int batch) {                              \
      return ompb##L##getrfStridedBatched(h, m, n, A, lda, sA, p, sP, info, batch);              \
    }                                                                                            \
    static ompbStatus_t getrf(ompbHandle_t h, int m, int n, T *A, int lda, int width, int *p,    \
                              int *info, int batch) {                                            \
      return ompb##L##getrfInterleavedBatched(h, m, n, A, lda, width, p, info, batch);           \
    }                                                                                            \
    static ompbStatus_t pack(ompbHandle_t h, int m, int n, const T *const A[], int lda, T *Ai,   \
                             int ldai, int width, int batch) {                                   \
      return ompb##L##PackInterleaved(h, m, n, A, lda, Ai, ldai, width, batch);                  \
    }                                                                                            \
    static ompbStatus_t unpack(ompbHandle_t h, int m, int n, const T *Ai, int ldai, int width,   \
                               T *const A[], int lda, int batch) {                               \
      return ompb##L##UnpackInterleaved(h, m, n, Ai, ldai, width, A, lda, batch);                \
    }                                                                                            \
    static constexpr auto getrs_p = ompb##L##getrsBatched;                                       \
    static constexpr auto getrs_s = ompb##L##getrsStridedBatched;                                \
    static constexpr auto getrs_i = ompb##L##getrsInterleavedBatched;                            \
    static constexpr auto getri_p = ompb##L##getriBatched;                                       \
    static constexpr auto getri_s = ompb##L##getriStridedBatched;                                \
    static constexpr auto getri_i = ompb##L##getriInterleavedBatched;                            \
    static constexpr auto matinv_p = ompb##L##matinvBatched;                                     \
    static constexpr auto matinv_s = ompb##L##matinvStridedBatched;                              \
    static constexpr auto matinv_i = ompb##L##matinvInterleavedBatched;                          \
    static constexpr auto potrf_p = ompb##L##potrfBatched;                                       \
    static constexpr auto potrf_s = ompb##L##potrfStridedBatched;                                \
    static constexpr auto potrf_i = ompb##L##potrfInterleavedBatched;                            \
    static constexpr auto potrs_p = ompb##L##potrsBatched;                                       \
    static constexpr auto potrs_s = ompb##L##potrsStridedBatched;                                \
    static constexpr auto potrs_i = ompb##L##potrsInterleavedBatched;                            \
    static constexpr auto trsm_p = ompb##L##trsmBatched;                                         \
    static constexpr auto trsm_s = ompb##L##trsmStridedBatched;                                  \
    static constexpr auto trsm_i = ompb##L##trsmInterleavedBatched;                              \
    static constexpr auto geqrf_p = ompb##L##geqrfBatched;                                       \
    static constexpr auto geqrf_s = ompb##L##geqrfStridedBatched;                                \
    static constexpr auto geqrf_i = ompb##L##geqrfInterleavedBatched;                            \
    static constexpr auto gels_p = ompb##L##gelsBatched;                                         \
    static constexpr auto gels_s = ompb##L##gelsStridedBatched;                                  \
    static constexpr auto gels_i = ompb##L##gelsInterleavedBatched;                              \
  };
OMPBTEST_CAPI(S, float)
OMPBTEST_CAPI(D, double)
OMPBTEST_CAPI(C, cfloat)
OMPBTEST_CAPI(Z, cdouble)
#undef OMPBTEST_CAPI

/// A batch of `count` m x n matrices in one layout, inside storage whose every element that
/// is not a matrix element (rows between m and lda, gaps between matrices, padding lanes)
/// holds a sentinel. Pivots and info live likewise in sentinel-filled storage.
template <class T>
class Batch {
 public:
  Batch(Layout layout, int m, int n, int count, int width = 8, int ld_pad = 2, int gap = 3)
      : layout_(layout), m_(m), n_(n), count_(count), width_(width) {
    kmax_ = std::min(m, n);
    ld_ = std::max(1, m + ld_pad);
    stride_ = (long long)ld_ * n + gap;
    pstride_ = kmax_ + gap;
    size_t elems = 0, pelems = 0;
    if (layout == Layout::interleaved) {
      const size_t blocks = (size_t(count) + width - 1) / width;
      elems = blocks * width * ld_ * n;
      pelems = blocks * width * std::max(kmax_, 1);
    } else {
      if (layout == Layout::pointer_array) pstride_ = n;  // cuBLAS: PivotArray[b*n + k]
      elems = size_t(count) * stride_;
      pelems = size_t(count) * pstride_;
    }
    store_.assign(elems + 1, sentinel());
    piv_.assign(pelems + 1, -77);
    info_.assign(count + 2, -99);
    ptrs_.resize(count);
    for (int b = 0; b < count; ++b) ptrs_[b] = store_.data() + b * stride_;
  }

  static T sentinel() { return T(real_t<T>(1234.5)); }

  T *data() { return store_.data(); }
  T *const *ptrs() { return ptrs_.data(); }
  int *piv() { return piv_.data(); }
  int *info() { return info_.data() + 1; }
  int ld() const { return ld_; }
  int rows() const { return m_; }
  int cols() const { return n_; }
  /// The pointer array as const pointers (inputs of the solvers).
  std::vector<const T *> cptrs() const { return {ptrs_.begin(), ptrs_.end()}; }
  long long stride() const { return stride_; }
  long long pstride() const { return pstride_; }
  int width() const { return width_; }
  int count() const { return count_; }
  Layout layout() const { return layout_; }

  size_t index(int b, int i, int j) const {
    if (layout_ == Layout::interleaved)
      return size_t(b / width_) * width_ * ld_ * n_ + (size_t(i) + size_t(j) * ld_) * width_ +
             b % width_;
    return size_t(b) * stride_ + i + size_t(j) * ld_;
  }
  size_t pindex(int b, int k) const {
    if (layout_ == Layout::interleaved)
      return size_t(b / width_) * width_ * kmax_ + size_t(k) * width_ + b % width_;
    return size_t(b) * pstride_ + k;
  }

  void set(int b, const std::vector<T> &a) {
    for (int j = 0; j < n_; ++j)
      for (int i = 0; i < m_; ++i) store_[index(b, i, j)] = a[i + size_t(j) * m_];
  }
  std::vector<T> get(int b) const {
    std::vector<T> a(size_t(m_) * n_);
    for (int j = 0; j < n_; ++j)
      for (int i = 0; i < m_; ++i) a[i + size_t(j) * m_] = store_[index(b, i, j)];
    return a;
  }
  std::vector<int> pivots(int b) const {
    std::vector<int> p(kmax_);
    for (int k = 0; k < kmax_; ++k) p[k] = piv_[pindex(b, k)];
    return p;
  }

  /// Remember the whole storage, to tell later what changed.
  void snapshot() {
    store0_ = store_;
    piv0_ = piv_;
    info0_ = info_;
  }
  /// Every element outside the documented outputs is as at snapshot() (bitwise).
  void expect_padding_untouched(bool pivots_written, bool info_written) const {
    std::vector<char> mine(store_.size(), 0), pmine(piv_.size(), 0);
    for (int b = 0; b < count_; ++b) {
      for (int j = 0; j < n_; ++j)
        for (int i = 0; i < m_; ++i) mine[index(b, i, j)] = 1;
      if (pivots_written)
        for (int k = 0; k < kmax_; ++k) pmine[pindex(b, k)] = 1;
    }
    size_t bad = 0, pbad = 0;
    for (size_t e = 0; e < store_.size(); ++e)
      bad += !mine[e] && std::memcmp(&store_[e], &store0_[e], sizeof(T)) != 0;
    for (size_t e = 0; e < piv_.size(); ++e) pbad += !pmine[e] && piv_[e] != piv0_[e];
    EXPECT_EQ(bad, 0u) << "matrix storage outside the matrices changed";
    EXPECT_EQ(pbad, 0u) << "pivot storage outside the pivots changed";
    EXPECT_EQ(info_.front(), info0_.front()) << "info[-1] changed";
    EXPECT_EQ(info_.back(), info0_.back()) << "info[batch] changed";
    if (!info_written) {
      for (size_t e = 0; e < info_.size(); ++e) EXPECT_EQ(info_[e], info0_[e]) << "info written";
    }
  }
  /// Nothing at all changed since snapshot().
  bool unchanged() const {
    return std::memcmp(store_.data(), store0_.data(), sizeof(T) * store_.size()) == 0 &&
           piv_ == piv0_ && info_ == info0_;
  }

  /// getrf through the C API in this batch's layout.
  ompbStatus_t getrf(ompbHandle_t h, bool pivot = true, bool info = true) {
    int *p = pivot ? piv() : nullptr;
    int *inf = info ? this->info() : nullptr;
    switch (layout_) {
      case Layout::pointer_array:
        return CApi<T>::getrf(h, n_, ptrs(), ld_, p, inf, count_);
      case Layout::strided:
        return CApi<T>::getrf(h, m_, n_, data(), ld_, stride_, p, pstride_, inf, count_);
      case Layout::interleaved:
        return CApi<T>::getrf(h, m_, n_, data(), ld_, width_, p, inf, count_);
    }
    return OMPB_STATUS_INTERNAL_ERROR;
  }

 private:
  Layout layout_;
  int m_, n_, count_, width_, kmax_, ld_;
  long long stride_, pstride_;
  std::vector<T> store_, store0_;
  std::vector<int> piv_, piv0_, info_, info0_;
  std::vector<T *> ptrs_;
};

/// count random n x n matrices made diagonally dominant (a(i,i) += 2n): they factor without
/// pivoting.
template <class T>
std::vector<std::vector<T>> dominant_matrices(int n, int count, std::mt19937_64 &rng) {
  std::vector<std::vector<T>> a(count);
  for (auto &x : a) {
    x = random_matrix<T>(n, n, rng);
    ompbatch::testing::add_to_diagonal(n, x.data(), 2 * n);
  }
  return a;
}

/// getrf's residual ratio from vectors; empty pivots: no pivoting.
template <class T>
double getrf_residual(int m, int n, const std::vector<T> &a, const std::vector<T> &lu,
                      const std::vector<int> &ipiv) {
  return ompbatch::testing::getrf_residual(m, n, a.data(), lu.data(),
                                           ipiv.empty() ? nullptr : ipiv.data());
}

}  // namespace ompbtest

// SPDX-License-Identifier: BSD-3-Clause
#include <cblas.h>
#include <lapacke.h>
#include <omp.h>

#include <algorithm>
#include <complex>
#include <vector>

#include "host/lanes.hpp"
#include "kernels/layout.hpp"
#include "precisions.hpp"
#include "vendor/vendor.hpp"

namespace ompbatch::detail::vendor {
namespace {

int lapack_getrf(int m, int n, float *a, int lda, int *ipiv) {
  return LAPACKE_sgetrf_work(LAPACK_COL_MAJOR, m, n, a, lda, ipiv);
}
int lapack_getrf(int m, int n, double *a, int lda, int *ipiv) {
  return LAPACKE_dgetrf_work(LAPACK_COL_MAJOR, m, n, a, lda, ipiv);
}
int lapack_getrf(int m, int n, std::complex<float> *a, int lda, int *ipiv) {
  return LAPACKE_cgetrf_work(LAPACK_COL_MAJOR, m, n, reinterpret_cast<lapack_complex_float *>(a),
                             lda, ipiv);
}
int lapack_getrf(int m, int n, std::complex<double> *a, int lda, int *ipiv) {
  return LAPACKE_zgetrf_work(LAPACK_COL_MAJOR, m, n, reinterpret_cast<lapack_complex_double *>(a),
                             lda, ipiv);
}

/// OpenBLAS on one thread for the duration of a call: the previous setting is restored after.
/// (The OpenMP build of OpenBLAS also sets the caller's OpenMP team size: restored too.)
class SingleThreadedBlas {
 public:
  SingleThreadedBlas() : blas_(openblas_get_num_threads()), team_(omp_get_max_threads()) {
    openblas_set_num_threads(1);
    omp_set_num_threads(team_);
  }
  ~SingleThreadedBlas() {
    openblas_set_num_threads(blas_);
    omp_set_num_threads(team_);
  }

 private:
  int blas_, team_;
};

/// Column j of a strided batch, or of an interleaved batch whose matrices all lie in its first
/// block (count <= width).
template <class T>
BatchView<T> column(const BatchView<T> &v, int j) {
  if (v.layout == Layout::interleaved)
    return BatchView<T>::interleaved(v.rows, 1, v.data + idx(j) * v.ld * v.width, v.ld, v.width,
                                     v.count);
  return BatchView<T>::strided(v.rows, 1, v.data + idx(j) * v.ld, v.ld, v.stride, v.count);
}

/// Interleaved batches of at least as many blocks as threads: each thread takes whole blocks,
/// unpacks a block's matrices together into its own column-major buffers (each cache line read
/// once, kTile lanes at a time by host::copy_items), factors them one by one and packs them back.
template <class T>
void getrf_blocks(const BatchView<T> &A, const BatchView<int> &P, int *info, idx mn) {
  const int m = A.rows, n = A.cols, kmax = std::min(m, n), w = A.width;
  const idx blocks = (A.count + w - 1) / w;
#pragma omp parallel
  {
    std::vector<T> buf(mn * std::min<idx>(w, A.count));
    std::vector<int> pbuf(std::size_t(kmax) * std::min<idx>(w, A.count));
#pragma omp for schedule(static)
    for (idx blk = 0; blk < blocks; ++blk) {
      const idx b0 = blk * w;
      const int lanes = int(std::min<idx>(w, A.count - b0));
      const auto S = BatchView<T>::strided(m, n, buf.data(), m, mn, lanes);
      const auto Q = BatchView<int>::strided(kmax, 1, pbuf.data(), kmax, kmax, lanes);
      host::copy_items(A, b0, S, 0, lanes);
      for (int l = 0; l < lanes; ++l) info[b0 + l] = lapack_getrf(m, n, item(S, l), m, item(Q, l));
      host::copy_items(S, 0, A, b0, lanes);
      host::copy_items(Q, 0, P, b0, lanes);
    }
  }
}

/// Interleaved batches of fewer blocks than threads: the whole team works on one block at a
/// time, unpacking and packing it split by columns and factoring it split by matrices. (Split by
/// lanes instead, two threads wrote the lanes of the same cache lines when packing back: 8
/// double matrices of n = 128 in one block of 16 took 2-3.5x the LAPACKE loop's time.)
template <class T>
void getrf_team(const BatchView<T> &A, const BatchView<int> &P, int *info, idx mn) {
  const int m = A.rows, n = A.cols, kmax = std::min(m, n), w = A.width;
  const idx blocks = (A.count + w - 1) / w;
  const int most = int(std::min<idx>(w, A.count));
  std::vector<T> buf(mn * most);
  std::vector<int> pbuf(std::size_t(kmax) * most);
#pragma omp parallel
  for (idx blk = 0; blk < blocks; ++blk) {
    const idx b0 = blk * w;
    const int lanes = int(std::min<idx>(w, A.count - b0));
    const auto B = BatchView<T>::interleaved(m, n, item(A, b0), A.ld, w, lanes);
    const auto S = BatchView<T>::strided(m, n, buf.data(), m, mn, lanes);
#pragma omp for schedule(static)
    for (int j = 0; j < n; ++j) host::copy_items(column(B, j), 0, column(S, j), 0, lanes);
#pragma omp for schedule(static)
    for (int l = 0; l < lanes; ++l)
      info[b0 + l] = lapack_getrf(m, n, item(S, l), m, pbuf.data() + std::size_t(l) * kmax);
#pragma omp for schedule(static)
    for (int j = 0; j < n; ++j) host::copy_items(column(S, j), 0, column(B, j), 0, lanes);
#pragma omp single
    host::copy_items(BatchView<int>::strided(kmax, 1, pbuf.data(), kmax, kmax, lanes), 0, P, b0,
                     lanes);
  }
}

}  // namespace

template <class T>
void getrf(const BatchView<T> &A, Pivots ipiv, int *info) {
  const int m = A.rows, n = A.cols;
  const BatchView<int> P = pivot_view(A, ipiv.data, ipiv.stride);
  const SingleThreadedBlas single;
  if (A.layout != Layout::interleaved) {  // columns and pivots in place
#pragma omp parallel for schedule(static)
    for (idx b = 0; b < A.count; ++b) info[b] = lapack_getrf(m, n, item(A, b), A.ld, item(P, b));
    return;
  }
  const idx mn = idx(m) * n + 24;  // buffer stride, off powers of two (cache-set conflicts)
  const idx blocks = (A.count + A.width - 1) / A.width;
  if (blocks < omp_get_max_threads()) return getrf_team(A, P, info, mn);
  getrf_blocks(A, P, info, mn);
}

#define OMPB_INSTANTIATE(L, T) template void getrf<T>(const BatchView<T> &, Pivots, int *);
OMPB_FOR_EACH_PRECISION(OMPB_INSTANTIATE)
#undef OMPB_INSTANTIATE

}  // namespace ompbatch::detail::vendor

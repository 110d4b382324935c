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

}  // namespace

template <class T>
void getrf(const BatchView<T> &A, Pivots ipiv, int *info) {
  const int m = A.rows, n = A.cols, kmax = std::min(m, n);
  const BatchView<int> P = pivot_view(A, ipiv.data, ipiv.stride);
  const SingleThreadedBlas single;
  if (A.layout != Layout::interleaved) {  // columns and pivots in place
#pragma omp parallel for schedule(static)
    for (idx b = 0; b < A.count; ++b) info[b] = lapack_getrf(m, n, item(A, b), A.ld, item(P, b));
    return;
  }
  // Interleaved: a block's matrices are unpacked together (each cache line read once, kTile
  // lanes at a time by host::copy_items), factored one by one in column-major buffers, and
  // packed back together. Fewer blocks than threads: each block is split into groups of lanes,
  // one per task, so that every thread has work.
  const int w = A.width;
  const idx mn = idx(m) * n + 24;  // buffer stride, off powers of two (cache-set conflicts)
  const idx blocks = (A.count + w - 1) / w;
  const int parts = int(std::min<idx>(w, (omp_get_max_threads() + blocks - 1) / blocks));
  const int per_part = int((std::min<idx>(w, A.count) + parts - 1) / parts);
#pragma omp parallel
  {
    std::vector<T> buf(mn * per_part);
    std::vector<int> pbuf(std::size_t(kmax) * per_part);
#pragma omp for schedule(static)
    for (idx task = 0; task < blocks * parts; ++task) {
      const idx blk = task / parts;
      const idx b0 = blk * w + idx(task % parts) * per_part;  // first matrix of the group
      const int lanes = int(std::min<idx>({per_part, (blk + 1) * w - b0, A.count - b0}));
      if (lanes <= 0) continue;
      const auto S = BatchView<T>::strided(m, n, buf.data(), m, mn, lanes);
      const auto Q = BatchView<int>::strided(kmax, 1, pbuf.data(), kmax, kmax, lanes);
      host::copy_items(A, b0, S, 0, lanes);
      for (int l = 0; l < lanes; ++l) info[b0 + l] = lapack_getrf(m, n, item(S, l), m, item(Q, l));
      host::copy_items(S, 0, A, b0, lanes);
      host::copy_items(Q, 0, P, b0, lanes);
    }
  }
}

#define OMPB_INSTANTIATE(L, T) template void getrf<T>(const BatchView<T> &, Pivots, int *);
OMPB_FOR_EACH_PRECISION(OMPB_INSTANTIATE)
#undef OMPB_INSTANTIATE

}  // namespace ompbatch::detail::vendor

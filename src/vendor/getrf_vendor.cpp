// SPDX-License-Identifier: BSD-3-Clause
#include <cblas.h>
#include <lapacke.h>
#include <omp.h>

#include <algorithm>
#include <complex>
#include <vector>

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
  const bool contiguous = A.layout != Layout::interleaved;  // pivots and columns in place
  const SingleThreadedBlas single;
#pragma omp parallel
  {
    std::vector<T> buf(contiguous ? 0 : std::size_t(m) * n);
    std::vector<int> pbuf(contiguous ? 0 : kmax);
#pragma omp for schedule(static)
    for (idx b = 0; b < A.count; ++b) {
      T *a = item(A, b);
      int *p = item(P, b);
      if (contiguous) {
        info[b] = lapack_getrf(m, n, a, A.ld, p);
        continue;
      }
      const idx rs = A.width, cs = idx(A.ld) * A.width;
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) buf[i + std::size_t(j) * m] = a[i * rs + j * cs];
      info[b] = lapack_getrf(m, n, buf.data(), m, pbuf.data());
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) a[i * rs + j * cs] = buf[i + std::size_t(j) * m];
      for (int k = 0; k < kmax; ++k) p[k * idx(A.width)] = pbuf[k];
    }
  }
}

#define OMPB_INSTANTIATE(L, T) template void getrf<T>(const BatchView<T> &, Pivots, int *);
OMPB_FOR_EACH_PRECISION(OMPB_INSTANTIATE)
#undef OMPB_INSTANTIATE

}  // namespace ompbatch::detail::vendor

// SPDX-License-Identifier: BSD-3-Clause
// The machine's ceilings, measured in the benchmark process itself: the bandwidth of an
// in-place update over a 256 MiB batch, as large as the benchmarks' (what a batched factorization
// streams), and the gemm peak of OpenBLAS on all threads. A benchmark's `roofline` counter
// is its GFLOP/s over min(bandwidth x intensity, peak).
#pragma once

#include <cblas.h>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <complex>
#include <vector>

namespace ompbatch::bench {

struct Ceilings {
  double update_gbs = 0;    ///< GB/s of a[i] = a[i] * s + t (8 bytes read + 8 written each)
  double sgemm_gflops = 0;  ///< OpenBLAS sgemm, all threads
  double dgemm_gflops = 0;  ///< OpenBLAS dgemm, all threads
};

/// Best of a few runs of f, in seconds.
template <class F>
double best_time(int runs, F f) {
  double best = 1e30;
  for (int r = 0; r < runs; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    best = std::min(best,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

inline double measure_update_gbs(std::size_t bytes = std::size_t(256) << 20) {
  std::vector<double> a(bytes / sizeof(double), 1.0);
  const long long n = (long long)a.size();
  double *p = a.data();
  const double t = best_time(5, [&] {
#pragma omp parallel for simd schedule(static)
    for (long long i = 0; i < n; ++i) p[i] = p[i] * 0.999 + 0.001;
  });
  return 2.0 * bytes / t * 1e-9;
}

template <class T>
double measure_gemm_gflops(int n = 1536) {
  std::vector<T> a(std::size_t(n) * n, T(1)), b(a), c(a);
  const int team = omp_get_max_threads();
  openblas_set_num_threads(team);
  const double t = best_time(3, [&] {
    if constexpr (std::is_same_v<T, float>)
      cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a.data(), n, b.data(),
                  n, 0.0f, c.data(), n);
    else
      cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, a.data(), n, b.data(), n,
                  0.0, c.data(), n);
  });
  openblas_set_num_threads(1);
  omp_set_num_threads(team);  // the OpenMP build of OpenBLAS also shrinks the caller's team
  return 2.0 * n * n * double(n) / t * 1e-9;
}

/// Measured once per process.
inline const Ceilings &ceilings() {
  static const Ceilings c = [] {
    Ceilings x;
    x.update_gbs = measure_update_gbs();
    x.sgemm_gflops = measure_gemm_gflops<float>();
    x.dgemm_gflops = measure_gemm_gflops<double>();
    return x;
  }();
  return c;
}

/// The peak for scalar type T: sgemm for float and complex<float>, dgemm otherwise.
template <class T>
double peak_gflops() {
  return std::is_same_v<T, float> || std::is_same_v<T, std::complex<float>>
             ? ceilings().sgemm_gflops
             : ceilings().dgemm_gflops;
}

/// The attainable GFLOP/s of an operation with `flops` per `bytes` moved.
template <class T>
double roofline_gflops(double flops, double bytes) {
  return std::min(ceilings().update_gbs * flops / bytes, peak_gflops<T>());
}

}  // namespace ompbatch::bench

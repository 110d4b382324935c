// SPDX-License-Identifier: BSD-3-Clause
// Test matrices and LAPACK's residual ratios, shared by the tests, the tester and the benchmarks.
#pragma once

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

namespace ompbatch::testing {

template <class T>
struct real_of {
  using type = T;
};
template <class R>
struct real_of<std::complex<R>> {
  using type = R;
};
template <class T>
using real_t = typename real_of<T>::type;

template <class T>
constexpr bool is_complex = !std::is_same_v<T, real_t<T>>;

template <class T>
double eps() {
  return std::numeric_limits<real_t<T>>::epsilon();
}

/// Uniform random values in [-1, 1] (both parts for complex).
template <class T>
T random_value(std::mt19937_64 &rng) {
  std::uniform_real_distribution<double> d(-1.0, 1.0);
  if constexpr (is_complex<T>) {
    const double re = d(rng);
    return T(real_t<T>(re), real_t<T>(d(rng)));
  } else {
    return T(d(rng));
  }
}

/// A random m x n column-major matrix.
template <class T>
std::vector<T> random_matrix(int m, int n, std::mt19937_64 &rng) {
  std::vector<T> a(size_t(m) * n);
  for (auto &x : a) x = random_value<T>(rng);
  return a;
}

/// ||A||_1 of a dense m x n column-major matrix, in double.
template <class T>
double norm1(int m, int n, const T *a, int lda) {
  double best = 0;
  for (int j = 0; j < n; ++j) {
    double s = 0;
    for (int i = 0; i < m; ++i) s += std::abs(a[i + size_t(j) * lda]);
    best = std::max(best, s);
  }
  return best;
}

/// LAPACK's getrf residual ||P A - L U||_1 / (max(m,n) ||A||_1 eps) of the factors `lu` and
/// 1-based pivots `ipiv` (nullptr: no pivoting) of the m x n matrix `a`, in double precision.
template <class T>
double getrf_residual(int m, int n, const T *a, const T *lu, const int *ipiv) {
  using W = std::conditional_t<is_complex<T>, std::complex<double>, double>;
  const int kmax = std::min(m, n);
  std::vector<W> pa(a, a + size_t(m) * n);
  for (int k = 0; ipiv && k < kmax; ++k) {
    const int p = ipiv[k] - 1;
    if (p < 0 || p >= m) return std::numeric_limits<double>::infinity();
    if (p != k)
      for (int j = 0; j < n; ++j) std::swap(pa[k + size_t(j) * m], pa[p + size_t(j) * m]);
  }
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      W s = 0;
      for (int k = 0; k <= std::min({i, j, kmax - 1}); ++k) {
        const W l = k == i ? W(1) : W(lu[i + size_t(k) * m]);
        s += l * W(lu[k + size_t(j) * m]);
      }
      pa[i + size_t(j) * m] -= s;
    }
  const double an = norm1(m, n, a, m), rn = norm1(m, n, pa.data(), m);
  if (an == 0) return rn == 0 ? 0 : std::numeric_limits<double>::infinity();
  return rn / (std::max(m, n) * an * eps<T>());
}

}  // namespace ompbatch::testing

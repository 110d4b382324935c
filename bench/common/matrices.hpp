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

#include "simd/vendor/lapack.hpp"

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

/// A uniform random double in [-1, 1) from one draw: the value that
/// std::uniform_real_distribution<double>(-1, 1) gives (libstdc++: the draw over 2^64, capped
/// below 1, times 2, minus 1), bit for bit, without the long double logarithm its
/// generate_canonical takes on every call (perf, double complex: 16% of the samples of
/// Getrf.VendorCrossoversAreSeamless, 12% of
/// NonFinite.GetrfPivotsAndInfoAgreeOnEveryPathAndLayout).
inline double uniform_pm1(std::mt19937_64 &rng) {
  static_assert(std::mt19937_64::min() == 0 && std::mt19937_64::max() == ~0ull);
  double u = double(rng()) * 0x1p-64;
  if (u >= 1) u = std::nextafter(1.0, 0.0);
  return u * 2.0 + -1.0;
}

/// Uniform random values in [-1, 1) (both parts for complex).
template <class T>
T random_value(std::mt19937_64 &rng) {
  if constexpr (is_complex<T>) {
    const double re = uniform_pm1(rng);
    return T(real_t<T>(re), real_t<T>(uniform_pm1(rng)));
  } else {
    return T(uniform_pm1(rng));
  }
}

/// A random m x n column-major matrix.
template <class T>
std::vector<T> random_matrix(int m, int n, std::mt19937_64 &rng) {
  std::vector<T> a(size_t(m) * n);
  for (auto &x : a) x = random_value<T>(rng);
  return a;
}

/// a(i,i) += shift for the n x n column-major matrix at a: diagonally dominant input (no
/// pivoting needed) or well-conditioned triangles.
template <class T>
void add_to_diagonal(int n, T *a, double shift) {
  for (int i = 0; i < n; ++i) a[i + std::size_t(i) * n] += T(real_t<T>(shift));
}

/// |x| in double: for complex x by the textbook formula where the squares can neither overflow
/// nor underflow to no precision, by std::abs (hypot, a library call that made the residuals'
/// norms a sixth of the tests' time) elsewhere, infinite and NaN parts included.
template <class T>
double magnitude(const T &x) {
  if constexpr (is_complex<T>) {
    const double re = std::abs(double(x.real())), im = std::abs(double(x.imag()));
    const double big = std::max(re, im);
    if (big < 1e150 && (big > 1e-150 || big == 0)) return std::sqrt(re * re + im * im);
  }
  return std::abs(x);
}

/// ||A||_1 of a dense m x n column-major matrix, in double.
template <class T>
double norm1(int m, int n, const T *a, int lda) {
  double best = 0;
  for (int j = 0; j < n; ++j) {
    double s = 0;
    for (int i = 0; i < m; ++i) s += magnitude(a[i + size_t(j) * lda]);
    best = std::max(best, s);
  }
  return best;
}

/// The value type residuals are computed in: double or complex<double>.
template <class T>
using wide_t = std::conditional_t<is_complex<T>, std::complex<double>, double>;

/// A dense column-major matrix in double precision, for residuals.
template <class T>
struct Dense {
  int rows = 0, cols = 0;
  std::vector<wide_t<T>> a;
  Dense(int m, int n) : rows(m), cols(n), a(size_t(m) * n) {}
  template <class U>
  Dense(int m, int n, const U *x) : rows(m), cols(n), a(x, x + size_t(m) * n) {}
  wide_t<T> &operator()(int i, int j) { return a[i + size_t(j) * rows]; }
  wide_t<T> operator()(int i, int j) const { return a[i + size_t(j) * rows]; }
  double norm1() const { return testing::norm1(rows, cols, a.data(), rows); }
};

/// op(A): 'N', 'T' or 'C'.
template <class T>
Dense<T> op(char trans, const Dense<T> &A) {
  if (trans == 'N') return A;
  Dense<T> t(A.cols, A.rows);
  for (int j = 0; j < A.cols; ++j)
    for (int i = 0; i < A.rows; ++i) {
      t(j, i) = A(i, j);
      if constexpr (is_complex<T>)
        if (trans == 'C') t(j, i) = std::conj(A(i, j));
    }
  return t;
}

/// A B by the BLAS in double precision (cblas ?gemm): the residuals of the largest tests spent
/// most of the tests' time in a loop here.
template <class T>
Dense<T> operator*(const Dense<T> &A, const Dense<T> &B) {
  Dense<T> C(A.rows, B.cols);
  if (!C.a.empty() && A.cols > 0)
    lapack::gemm('N', 'N', A.rows, B.cols, A.cols, wide_t<T>(1), A.a.data(), A.rows, B.a.data(),
                 B.rows, wide_t<T>(0), C.a.data(), C.rows);
  return C;
}

template <class T>
Dense<T> operator-(Dense<T> A, const Dense<T> &B) {
  for (size_t e = 0; e < A.a.size(); ++e) A.a[e] -= B.a[e];
  return A;
}

/// LAPACK's getrf residual ||P A - L U||_1 / (max(m,n) ||A||_1 eps) of the factors `lu` and
/// 1-based pivots `ipiv` (nullptr: no pivoting) of the m x n matrix `a`, in double precision.
/// L U by the BLAS: the unit lower triangle's top k x k (k = min(m, n)) times U by ?trmm, the
/// rows below it, where m > n, by ?gemm.
template <class T>
double getrf_residual(int m, int n, const T *a, const T *lu, const int *ipiv) {
  using W = wide_t<T>;
  const int k = std::min(m, n);
  Dense<T> pa(m, n, a), f(m, n, lu), u(k, n);
  for (int j = 0; ipiv && j < k; ++j) {
    const int p = ipiv[j] - 1;
    if (p < 0 || p >= m) return std::numeric_limits<double>::infinity();
    if (p != j)
      for (int c = 0; c < n; ++c) std::swap(pa(j, c), pa(p, c));
  }
  if (k > 0) {
    for (int j = 0; j < n; ++j)
      for (int i = 0; i <= std::min(j, k - 1); ++i) u(i, j) = f(i, j);
    if (m > k)
      lapack::gemm('N', 'N', m - k, n, k, W(-1), &f(k, 0), m, u.a.data(), k, W(1), &pa(k, 0), m);
    lapack::trmm('L', 'L', 'N', 'U', k, n, W(1), f.a.data(), m, u.a.data(), k);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < k; ++i) pa(i, j) -= u(i, j);
  }
  const double an = norm1(m, n, a, m), rn = pa.norm1();
  if (an == 0) return rn == 0 ? 0 : std::numeric_limits<double>::infinity();
  return rn / (std::max(m, n) * an * eps<T>());
}

/// The solve residual ||B - A X||_1 / (n ||A||_1 ||X||_1 eps) (A n x n, B and X n x nrhs).
template <class T>
double solve_residual(const Dense<T> &A, const Dense<T> &X, const Dense<T> &B) {
  const double d = A.cols * A.norm1() * X.norm1() * eps<T>();
  const double r = (B - A * X).norm1();
  return d == 0 ? (r == 0 ? 0 : std::numeric_limits<double>::infinity()) : r / d;
}

/// The inverse residual ||I - A Ainv||_1 / (n ||A||_1 ||Ainv||_1 eps).
template <class T>
double inverse_residual(const Dense<T> &A, const Dense<T> &Ainv) {
  Dense<T> I(A.rows, A.rows);
  for (int i = 0; i < A.rows; ++i) I(i, i) = 1;
  return solve_residual(A, Ainv, I);
}

/// A random Hermitian positive definite matrix: M M^H + n I.
template <class T>
std::vector<T> random_hpd(int n, std::mt19937_64 &rng) {
  const Dense<T> M(n, n, random_matrix<T>(n, n, rng).data());
  Dense<T> A = M * op('C', M);
  std::vector<T> a(size_t(n) * n);
  // the lower triangle mirrored: the BLAS need not round A(i, j) and conj(A(j, i)) alike
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      wide_t<T> x = A(std::max(i, j), std::min(i, j));
      if constexpr (is_complex<T>)
        if (i < j) x = std::conj(x);
      if (i == j) x = std::real(x) + n;
      a[i + size_t(j) * n] = T(x);
    }
  return a;
}

/// `count` random r x c matrices, contiguous.
template <class T>
std::vector<T> random_batch(long long count, int r, int c, std::mt19937_64 &rng) {
  std::vector<T> a(size_t(count) * r * c);
  for (auto &x : a) x = random_value<T>(rng);
  return a;
}

/// `count` Hermitian positive definite n x n matrices, contiguous: distinct matrices cost
/// O(n^3) each, so one random_hpd whose copies differ in their first diagonal element.
template <class T>
std::vector<T> hpd_batch(long long count, int n, std::mt19937_64 &rng) {
  std::vector<T> a;
  a.reserve(size_t(count) * n * n);
  const auto one = random_hpd<T>(n, rng);
  for (long long b = 0; b < count; ++b) {
    a.insert(a.end(), one.begin(), one.end());
    a[b * n * n] += T(real_t<T>(0.001 * (b % 97)));
  }
  return a;
}

}  // namespace ompbatch::testing

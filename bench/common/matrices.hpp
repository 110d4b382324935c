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

/// a(i,i) += shift for the n x n column-major matrix at a: diagonally dominant input (no
/// pivoting needed) or well-conditioned triangles.
template <class T>
void add_to_diagonal(int n, T *a, double shift) {
  for (int i = 0; i < n; ++i) a[i + std::size_t(i) * n] += T(real_t<T>(shift));
}

/// x y by the textbook formula: std::complex's operator* also recovers infinities from NaN
/// parts, by a library call per product, which made the residuals below the slowest part of the
/// tests. A NaN or infinite input gives a NaN or infinite product either way.
template <class W>
W mul(const W &x, const W &y) {
  if constexpr (is_complex<W>)
    return {x.real() * y.real() - x.imag() * y.imag(), x.real() * y.imag() + x.imag() * y.real()};
  else
    return x * y;
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
      const int kend = std::min({i, j, kmax - 1});
      for (int k = 0; k <= kend; ++k) {
        const W l = k == i ? W(1) : W(lu[i + size_t(k) * m]);
        s += mul(l, W(lu[k + size_t(j) * m]));
      }
      pa[i + size_t(j) * m] -= s;
    }
  const double an = norm1(m, n, a, m), rn = norm1(m, n, pa.data(), m);
  if (an == 0) return rn == 0 ? 0 : std::numeric_limits<double>::infinity();
  return rn / (std::max(m, n) * an * eps<T>());
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

template <class T>
Dense<T> operator*(const Dense<T> &A, const Dense<T> &B) {
  Dense<T> C(A.rows, B.cols);
  for (int j = 0; j < B.cols; ++j)
    for (int k = 0; k < A.cols; ++k)
      for (int i = 0; i < A.rows; ++i) C(i, j) += mul(A(i, k), B(k, j));
  return C;
}

template <class T>
Dense<T> operator-(Dense<T> A, const Dense<T> &B) {
  for (size_t e = 0; e < A.a.size(); ++e) A.a[e] -= B.a[e];
  return A;
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
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      a[i + size_t(j) * n] = T((i == j ? wide_t<T>(n) : wide_t<T>(0)) +
                               (i == j ? wide_t<T>(std::real(A(i, j))) : A(i, j)));
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

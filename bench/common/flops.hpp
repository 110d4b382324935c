// SPDX-License-Identifier: BSD-3-Clause
// LAPACK's flop counts (LAPACK Working Note 41), one place for the tester and the benchmarks.
#pragma once

#include <algorithm>
#include <complex>
#include <type_traits>

namespace ompbatch::flops {

template <class T>
constexpr bool is_complex_v = !std::is_floating_point_v<T>;

/// Real flops of an operation with `muls` multiplications and `adds` additions in type T
/// (a complex multiplication is 6 real flops, a complex addition 2).
template <class T>
double count(double muls, double adds) {
  return is_complex_v<T> ? 6 * muls + 2 * adds : muls + adds;
}

/// getrf of one m x n matrix (the formulas are symmetric in m and n).
template <class T>
double getrf(double m, double n) {
  const double k = std::min(m, n), M = std::max(m, n);
  const double muls = 0.5 * M * k * k - k * k * k / 6 + 0.5 * M * k - 0.5 * k * k + 2 * k / 3;
  const double adds = 0.5 * M * k * k - k * k * k / 6 - 0.5 * M * k + k / 6;
  return count<T>(muls, adds);
}

/// getrs with nrhs right-hand sides.
template <class T>
double getrs(double n, double nrhs) {
  return count<T>(nrhs * n * n, nrhs * (n * n - n));
}

/// getri (inverse from the LU factors).
template <class T>
double getri(double n) {
  return count<T>(2 * n * n * n / 3 + n * n / 2 + 5 * n / 6,
                  2 * n * n * n / 3 - 3 * n * n / 2 + 5 * n / 6);
}

/// potrf.
template <class T>
double potrf(double n) {
  return count<T>(n * n * n / 6 + n * n / 2 + n / 3, n * n * n / 6 - n / 6);
}

/// potrs with nrhs right-hand sides.
template <class T>
double potrs(double n, double nrhs) {
  return count<T>(nrhs * n * (n + 1), nrhs * n * (n - 1));
}

/// trsm with an m x n B, A on the left (m x m) or the right (n x n).
template <class T>
double trsm(bool left, double m, double n) {
  return left ? count<T>(n * m * (m + 1) / 2, n * m * (m - 1) / 2)
              : count<T>(m * n * (n + 1) / 2, m * n * (n - 1) / 2);
}

/// geqrf of one m x n matrix.
template <class T>
double geqrf(double m, double n) {
  if (m >= n)
    return count<T>(m * n * n - n * n * n / 3 + m * n + n * n / 2 + 23 * n / 6,
                    m * n * n - n * n * n / 3 + n * n / 2 + 5 * n / 6);
  return count<T>(n * m * m - m * m * m / 3 + 2 * n * m - m * m / 2 + 23 * m / 6,
                  n * m * m - m * m * m / 3 + n * m - m * m / 2 + 5 * m / 6);
}

/// gels of an m x n matrix (m >= n, trans N) with nrhs right-hand sides: geqrf, Q^H B (ormqr
/// with k = n reflectors on m x nrhs) and the triangular solve.
template <class T>
double gels(double m, double n, double nrhs) {
  return geqrf<T>(m, n) +
         count<T>(2 * nrhs * m * n - nrhs * n * n + 2 * nrhs * n,
                  2 * nrhs * m * n - nrhs * n * n + nrhs * n) +
         trsm<T>(true, n, nrhs);
}

}  // namespace ompbatch::flops

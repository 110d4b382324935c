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

}  // namespace ompbatch::flops

// SPDX-License-Identifier: BSD-3-Clause
// Unblocked LU with partial pivoting (LAPACK getf2), written once for W matrices in lock-step
// over Pack<T, W> (kernels/pack.hpp). Lane l of element (i,j) is a[i*rs + j*cs + l]; pivot k of
// lane l is ipiv[k*ps + l]. W = 1 is the plain per-matrix kernel (one device thread per
// matrix); W > 1 runs W interleaved matrices as SIMD lanes, each with its own pivot rows.
//
//   for k = 0 .. min(m,n)-1:
//     p = k + iamax(a(k:m-1, k))          per lane (first maximum of |re|+|im|)
//     swap rows k and p                   whole rows, as LAPACK's laswp
//     a(k+1:m-1, k) /= a(k,k)             l21 = a21 / a11 (skipped when a11 == 0: info)
//     a(k+1:m-1, k+1:n-1) -= l21 * u12    rank-1 Schur update
//
// The interchange is not a pass of its own: each column is read once per step, row k takes
// row p's value, and row p takes row k's old value on its way through the update (with W
// lanes, both by selects over the rows k+1..m-1, as every lane may pick another row).
#pragma once

#include <utility>

#include "kernels/pack.hpp"

namespace ompbatch::detail {

#pragma omp declare target

/// Row p's value of the column c, p >= k (per lane).
template <class P, class T, class M, class RS>
inline typename P::V pick_row(const T *c, RS rs, int k, M m, typename P::I p) noexcept {
  if constexpr (std::is_same_v<typename P::V, T>) {  // one lane: read it
    return P::load(c + p * rs);
  } else {
    typename P::V u = P::load(c + k * rs);
    for (int i = k + 1; i < m; ++i) u = P::sel(P::eq(p, i), P::load(c + i * rs), u);
    return u;
  }
}

/// Swaps rows k and p of the column c (per lane), p in first..m-1.
template <class P, class T, class M, class RS>
inline void swap_in_column(T *c, RS rs, int k, int first, M m, typename P::I p) noexcept {
  if constexpr (std::is_same_v<typename P::V, T>) {
    if (p == k) return;
    const T x = c[k * rs];
    c[k * rs] = c[p * rs];
    c[p * rs] = x;
  } else {
    const typename P::V x = P::load(c + k * rs);
    typename P::V u = x;
    for (int i = first; i < m; ++i) {
      if (i == k) continue;
      const typename P::V y = P::load(c + i * rs);
      const typename P::B b = P::eq(p, i);
      u = P::sel(b, y, u);
      P::store(c + i * rs, P::sel(b, x, y));
    }
    P::store(c + k * rs, u);
  }
}

/// Step k of the factorization (k: int, or std::integral_constant for the host's small fixed
/// sizes, whose loops then have constant trip counts and unroll); Pivot false: no
/// interchanges (ipiv unused). first_zero: per lane, the first k+1 with U(k,k) == 0, else 0.
template <class P, bool Pivot, class K, class T, class M, class N, class RS, class CS>
inline void getrf_step(K k, M m, N n, T *a, RS rs, CS cs, int *ipiv, idx ps,
                       typename P::I &first_zero) noexcept {
  using V = typename P::V;
  using R = typename P::R;
  using I = typename P::I;
  using B = typename P::B;
  T *ck = a + k * cs;  // column k
  I p = P::index(k);
  if constexpr (Pivot) {  // p = k + iamax(a(k:m-1, k))
    R best = P::abs1(P::load(ck + k * rs));
    for (int i = k + 1; i < m; ++i) {
      const R v = P::abs1(P::load(ck + i * rs));
      const B up = P::gt(v, best);
      best = P::sel(up, v, best);
      p = P::sel(up, P::index(i), p);
    }
    P::store_index(ipiv + k * ps, p, 1);
  }
  // a(k,k) := a(p,k); zero pivots record info, their columns are not scaled
  const V akk = P::load(ck + k * rs);
  const V piv = Pivot ? pick_row<P>(ck, rs, k, m, p) : akk;
  P::store(ck + k * rs, piv);
  const B zero = P::is_zero(piv);
  first_zero = P::sel(P::both(zero, P::eq(first_zero, 0)), P::index(k + 1), first_zero);
  const V r = P::recip(P::sel(zero, P::splat(T(1)), piv));
  // l21 = a21 / a11: by the reciprocal, or by division where it would overflow (LAPACK)
  const R apiv = P::abs1(piv);
  const B small = P::both(P::gt(apiv, P::abs1(P::splat(T(0)))),
                          P::lt(apiv, P::abs1(P::splat(T(std::numeric_limits<real_t<T>>::min())))));
  const bool tiny = P::any(small);
  for (int i = k + 1; i < m; ++i) {
    V y = P::load(ck + i * rs);
    if constexpr (Pivot) y = P::sel(P::eq(p, i), akk, y);
    const V l = P::mul(y, r);
    P::store(ck + i * rs, tiny ? P::sel(small, P::div(y, piv), l) : l);
  }
  if constexpr (Pivot)  // the columns left of k: only the interchange
    for (int j = 0; j < k; ++j) swap_in_column<P>(a + j * cs, rs, k, k + 1, m, p);
  // the columns right of k: interchange and a22 -= l21 * u12, one pass each
  for (int j = k + 1; j < n; ++j) {
    T *c = a + j * cs;
    const V x = P::load(c + k * rs);
    const V u = Pivot ? pick_row<P>(c, rs, k, m, p) : x;
    P::store(c + k * rs, u);
    for (int i = k + 1; i < m; ++i) {
      V y = P::load(c + i * rs);
      if constexpr (Pivot) y = P::sel(P::eq(p, i), x, y);
      P::store(c + i * rs, P::fms(y, P::load(ck + i * rs), u));
    }
  }
}

/// A size known at compile time (std::integral_constant), else 0.
template <class X>
inline constexpr int fixed_size_v = 0;
template <class X, X V>
inline constexpr int fixed_size_v<std::integral_constant<X, V>> = int(V);

/// Fixed sizes up to this run their steps with compile-time k (bench/getrf_bench, 256 MiB
/// batches: +19-26% at n = 4 and 8; up to 16 the unrolled code took minutes to compile and
/// megabytes of text).
inline constexpr int kFixedStepsMax = 8;

template <class P, bool Pivot, class T, class M, class N, class RS, class CS, int... K>
inline void getrf_fixed_steps(M m, N n, T *a, RS rs, CS cs, int *ipiv, idx ps,
                              typename P::I &first_zero,
                              std::integer_sequence<int, K...>) noexcept {
  (getrf_step<P, Pivot>(std::integral_constant<int, K>(), m, n, a, rs, cs, ipiv, ps, first_zero),
   ...);
}

/// The factorization, step by step.
template <class P, bool Pivot, class T, class M, class N, class RS, class CS>
inline void getrf_pack(M m, N n, T *a, RS rs, CS cs, int *ipiv, idx ps, int *info) noexcept {
  typename P::I first_zero = P::index(0);
  constexpr int fm = fixed_size_v<M>, fn = fixed_size_v<N>;
  if constexpr (fm > 0 && fn > 0 && fm <= kFixedStepsMax && fn <= kFixedStepsMax) {
    getrf_fixed_steps<P, Pivot>(m, n, a, rs, cs, ipiv, ps, first_zero,
                                std::make_integer_sequence<int, (fm < fn ? fm : fn)>());
  } else {
    const int kmax = m < n ? m : n;
    for (int k = 0; k < kmax; ++k) getrf_step<P, Pivot>(k, m, n, a, rs, cs, ipiv, ps, first_zero);
  }
  if (info) P::store_index(info, first_zero, 0);
}

/// LU of W interleaved m x n matrices. ipiv == nullptr: no pivoting. info[l] receives the
/// first k+1 with U(k,k) == 0, else 0 (the factorization always completes). Sizes and strides
/// are int/idx, or std::integral_constant where they are known at compile time (the host's
/// small-n kernels): their strides fold into the addresses, and up to kFixedStepsMax every loop
/// unrolls.
template <class T, int W, class M = int, class N = int, class RS = idx, class CS = idx>
void getrf_lanes(M m, N n, T *a, RS rs, CS cs, int *ipiv, idx ps, int *info) noexcept {
  if (ipiv)
    getrf_pack<Pack<T, W>, true>(m, n, a, rs, cs, ipiv, ps, info);
  else
    getrf_pack<Pack<T, W>, false>(m, n, a, rs, cs, ipiv, ps, info);
}

#pragma omp end declare target

}  // namespace ompbatch::detail

// SPDX-License-Identifier: BSD-3-Clause
// Householder QR (LAPACK's xGEQR2) and least squares (xGELS) for W interleaved matrices in
// lock-step (W = 1: one matrix per device thread), over the pack types of kernels/pack.hpp.
// Lane l of element (i,j) is p[i*rs + j*cs + l]; tau's lane l of reflector k is tau[k*ts + l].
//
// A "view" is the matrix the algorithm factors: A itself, or for an LQ factorization A^H, the
// same storage with rows and columns exchanged and every element conjugated as it is read and
// written (Cj). xGELQF of A stores what xGEQRF of A^H stores, conjugated (xGELQ2 conjugates a
// row before its reflector and after), which is what a conjugated view writes.
#pragma once

#include <cmath>
#include <limits>

#include "kernels/pack.hpp"
#include "kernels/tile_lanes.hpp"
#include "ompbatch/ompbatch.hpp"

namespace ompbatch::detail {

#pragma omp declare target

/// -x, exactly.
template <class P, class T>
inline typename P::V neg_(const typename P::V &x) noexcept {
  return P::fms(P::splat(T(0)), x, P::splat(T(1)));
}

/// Lanes whose flag f[l] is zero.
template <class P, class T>
inline typename P::B flagged(const T *f) noexcept {
  return P::is_zero(P::load(f));
}

/// Sums of squares of x within these bounds of the largest |x| need no scaling: no square
/// overflows (nor a sum of 2^24 of them), and any square that underflows is below eps^2 of the
/// largest one.
template <class R>
inline R ssq_low() noexcept {
  return std::sqrt(std::numeric_limits<R>::min()) / std::numeric_limits<R>::epsilon();
}
template <class R>
inline R ssq_high() noexcept {
  return std::sqrt(std::numeric_limits<R>::max() / R(1 << 24));
}

/// X(k:M, 0:nc) -= t v (v^H X(k:M, 0:nc)), v the view's column k from its diagonal (v(k) = 1 is
/// not read); x points at X(k, 0). CjV, CjX: v's and X's storage are conjugated views. Masked:
/// only the lanes of ok are written.
template <class P, bool CjV, bool CjX, bool Masked, class T>
inline void reflect(int k, int M, typename P::V t, const T *v, idx vrs, T *x, idx xrs, idx xcs,
                    int nc, typename P::B ok) noexcept {
  using V = typename P::V;
  constexpr int G = 4;  // columns at a time: independent chains of the dot products
  auto group = [&](auto cols, int j0) {
    constexpr int g = decltype(cols)::value;
    T *y = x + j0 * xcs;
    V w[g];
#pragma GCC unroll 4
    for (int c = 0; c < g; ++c) w[c] = cj_<P, CjX>(P::load(y + c * xcs));
    OMPB_ROLLED
    for (int i = 1; i < M - k; ++i) {
      const V nv = neg_<P, T>(P::conj(cj_<P, CjV>(P::load(v + i * vrs))));
#pragma GCC unroll 4
      for (int c = 0; c < g; ++c)
        w[c] = P::fms(w[c], nv, cj_<P, CjX>(P::load(y + i * xrs + c * xcs)));
    }
    const V one = P::splat(T(1));
#pragma GCC unroll 4
    for (int c = 0; c < g; ++c) {
      w[c] = P::mul(t, w[c]);
      T *e = y + c * xcs;
      const V r = cj_<P, CjX>(P::fms(cj_<P, CjX>(P::load(e)), w[c], one));
      P::store(e, Masked ? P::sel(ok, r, P::load(e)) : r);
    }
    OMPB_ROLLED
    for (int i = 1; i < M - k; ++i) {
      const V vi = cj_<P, CjV>(P::load(v + i * vrs));
#pragma GCC unroll 4
      for (int c = 0; c < g; ++c) {
        T *e = y + i * xrs + c * xcs;
        const V r = cj_<P, CjX>(P::fms(cj_<P, CjX>(P::load(e)), vi, w[c]));
        P::store(e, Masked ? P::sel(ok, r, P::load(e)) : r);
      }
    }
  };
  int j = 0;
  for (; j + G <= nc; j += G) group(std::integral_constant<int, G>(), j);
  for (; j < nc; ++j) group(std::integral_constant<int, 1>(), j);
}

/// Reflectors per panel of geqr2_pass, and trailing columns per sweep of a panel's reflectors.
inline constexpr int kQrPanel = 16, kQrSweep = 4;

/// Householder QR of the M x N view at a (xGEQR2's result): reflector k of column k (k <
/// min(M, N)), R on and above the diagonal, v below it, tau[k*ts]. By panels of kQrPanel
/// columns: each panel factored column by column, then the columns right of it kQrSweep at a
/// time, each group taking the panel's reflectors in order while it stays in cache (the
/// trailing matrix is streamed once per panel rather than once per reflector). Every column
/// sees the same operations in the same order as unblocked: the factors are bitwise equal.
template <class P, bool Cj, class T>
void geqr2_pass(int M, int N, T *a, idx rs, idx cs, T *tau, idx ts) noexcept {
  using V = typename P::V;
  using R = real_t<T>;
  const int K = M < N ? M : N;
  using RV = typename P::R;
  const RV low = P::real(P::splat(T(ssq_low<R>()))), high = P::real(P::splat(T(ssq_high<R>())));
  const RV r0 = P::real(P::splat(T(0))),
           safmin = P::real(
               P::splat(T(std::numeric_limits<R>::min() / std::numeric_limits<R>::epsilon())));
  const typename P::B all = P::is_zero(P::splat(T(0)));
  for (int k0 = 0; k0 < K; k0 += kQrPanel) {
    const int k1 = K - k0 < kQrPanel ? K : k0 + kQrPanel;  // reflectors k0..k1-1
    for (int k = k0; k < k1; ++k) {
      T *col = a + k * (rs + cs);  // the view's (k,k)
      // sum of |x_i|^2 below the diagonal (negated) and max abs1, in one pass
      V nssq = P::splat(T(0));
      RV amax = r0;
      for (int i = 1; i < M - k; ++i) {
        const V x = cj_<P, Cj>(P::load(col + i * rs));
        nssq = P::fms(nssq, P::conj(x), x);
        const RV ax = P::abs1(x);
        amax = P::sel(P::gt(ax, amax), ax, amax);
      }
      // xLARFG on every lane: beta = -sign(||(alpha, x)||, Re alpha), tau = (beta - alpha) /
      // beta, x scaled by 1 / (alpha - beta) (divided by alpha - beta where |beta| is below the
      // safe minimum, as LAPACK's rescaling amounts to); alpha real and x = 0: H = I (tau = 0).
      const V alpha = cj_<P, Cj>(P::load(col)), one = P::splat(T(1));
      const RV aa = P::abs1(alpha), big = P::sel(P::gt(aa, amax), aa, amax), r1 = P::real(one);
      const typename P::B out = P::bnot(
          P::both(P::bnot(P::gt(big, high)), P::bnot(P::both(P::lt(big, low), P::gt(big, r0)))));
      RV s = r1;  // the lanes out of range, each scaled by its largest element
      V as = alpha;
      if (P::any(out)) {
        s = P::sel(out, big, r1);
        const V sv = P::from_real(s);
        nssq = P::splat(T(0));
        for (int i = 1; i < M - k; ++i) {
          const V x = P::div(cj_<P, Cj>(P::load(col + i * rs)), sv);
          nssq = P::fms(nssq, P::conj(x), x);
        }
        as = P::div(alpha, sv);
      }
      const RV ssq = P::real(neg_<P, T>(nssq));
      const typename P::B identity =
          P::both(P::is_zero(P::from_real(ssq)), P::is_zero(P::fms(alpha, P::conj(alpha), one)));
      const RV norm = P::real(P::scale(
          P::from_real(P::sqrt(P::real(P::fms(P::from_real(ssq), neg_<P, T>(P::conj(as)), as)))),
          s));
      const V beta = P::from_real(
          P::sel(P::negative(P::real(alpha)), norm, P::real(neg_<P, T>(P::from_real(norm)))));
      const V d = P::fms(alpha, beta, one);
      const V t = P::sel(identity, P::splat(T(0)), P::div(P::fms(beta, alpha, one), beta));
      const V f = P::sel(identity, one, P::recip(d));
      const typename P::B tiny = P::both(P::bnot(identity), P::lt(P::abs1(beta), safmin));
      const bool any_tiny = P::any(tiny);
      for (int i = 1; i < M - k; ++i) {
        T *e = col + i * rs;
        const V x = cj_<P, Cj>(P::load(e));
        const V y = any_tiny ? P::sel(tiny, P::div(x, d), P::mul(x, f)) : P::mul(x, f);
        P::store(e, cj_<P, Cj>(y));
      }
      P::store(col, cj_<P, Cj>(P::sel(identity, alpha, beta)));
      P::store(tau + k * ts, t);
      if (k + 1 < k1)
        reflect<P, Cj, Cj, false>(k, M, P::conj(t), col, rs, col + cs, rs, cs, k1 - k - 1, all);
    }
    for (int j = k1; j < N; j += kQrSweep)
      for (int k = k0; k < k1; ++k)
        reflect<P, Cj, Cj, false>(k, M, P::conj(P::load(tau + k * ts)), a + k * (rs + cs), rs,
                                  a + k * rs + j * cs, rs, cs, N - j < kQrSweep ? N - j : kQrSweep,
                                  all);
  }
}

/// QR of the m x n lane matrices (xGEQRF's result; R and tau as LAPACK's to rounding).
template <class T, int W>
void geqrf_lanes(int m, int n, T *a, idx rs, idx cs, T *tau, idx ts) noexcept {
  geqr2_pass<Pack<T, W>, false>(m, n, a, rs, cs, tau, ts);
}

/// Least squares or minimum norm solutions of op(A) X = C for the m x n lane matrices (xGELS):
/// A overwritten by its QR (m >= n) or LQ (m < n) factors, C (max(m,n) x nrhs) by X; tau holds
/// min(m,n) reflectors' scalars per lane (tau[k*W + l], scratch). info[l] = k > 0: the k-th
/// diagonal element of the triangular factor is exactly zero, and lane l's C is not written.
template <class T, int W>
void gels_lanes(Op trans, int m, int n, int nrhs, T *a, idx ars, idx acs, T *tau, T *c, idx crs,
                idx ccs, int *info) noexcept {
  using P = Pack<T, W>;
  using V = typename P::V;
  const bool tall = m >= n;
  const int M = tall ? m : n, K = tall ? n : m;
  // least squares with the view (A, or A^H when wide), or minimum norm with its adjoint
  const bool least = tall == (trans == Op::n);
  auto run = [&](auto cj_tag) {
    constexpr bool Cj = decltype(cj_tag)::value;
    const idx rs = Cj ? acs : ars, cs = Cj ? ars : acs;
    geqr2_pass<P, Cj>(M, K, a, rs, cs, tau, W);
    T okf[W];
    for (int l = 0; l < W; ++l) {
      info[l] = 0;
      for (int k = K - 1; k >= 0; --k)
        if (a[k * (ars + acs) + l] == T(0)) info[l] = k + 1;
      okf[l] = info[l] == 0 ? T(0) : T(1);
    }
    const typename P::B ok = flagged<P>(okf);
    auto diag = [&](int j) { return cj_<P, Cj>(P::load(a + j * (rs + cs))); };
    auto put = [&](T *e, const V &r) { P::store(e, P::sel(ok, r, P::load(e))); };
    if (least) {
      for (int k = 0; k < K; ++k)
        reflect<P, Cj, false, true>(k, M, P::conj(P::load(tau + k * W)), a + k * (rs + cs), rs,
                                    c + k * crs, crs, ccs, nrhs, ok);
      for (int r = 0; r < nrhs; ++r) {  // R X = C(0:K), backward
        T *x = c + r * ccs;
        for (int j = K - 1; j >= 0; --j) {
          const V xj = P::div(P::load(x + j * crs), diag(j));
          put(x + j * crs, xj);
          for (int i = 0; i < j; ++i)
            put(x + i * crs,
                P::fms(P::load(x + i * crs), cj_<P, Cj>(P::load(a + i * rs + j * cs)), xj));
        }
      }
    } else {
      for (int r = 0; r < nrhs; ++r) {  // R^H Y = C(0:K), forward; C(K:M) = 0
        T *x = c + r * ccs;
        for (int j = 0; j < K; ++j) {
          const V yj = P::div(P::load(x + j * crs), P::conj(diag(j)));
          put(x + j * crs, yj);
          for (int i = j + 1; i < K; ++i)
            put(x + i * crs, P::fms(P::load(x + i * crs),
                                    P::conj(cj_<P, Cj>(P::load(a + j * rs + i * cs))), yj));
        }
        for (int i = K; i < M; ++i) put(x + i * crs, P::splat(T(0)));
      }
      for (int k = K - 1; k >= 0; --k)
        reflect<P, Cj, false, true>(k, M, P::load(tau + k * W), a + k * (rs + cs), rs, c + k * crs,
                                    crs, ccs, nrhs, ok);
    }
  };
  if (tall)
    run(std::false_type());
  else
    run(std::true_type());
}

#pragma omp end declare target

}  // namespace ompbatch::detail

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

/// The lanes of a pack type.
template <class P, class T>
inline constexpr int kLanes = int(sizeof(typename P::V) / sizeof(T));

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

/// LAPACK's xLARFG for one lane: from alpha and the scaled sum of squares of x (ssq = sum |x_i /
/// s|^2), the reflector's tau, the factor x is multiplied by (scal), the new diagonal (beta) and
/// whether |beta| is so small that 1 / (alpha - beta) could overflow (then x is divided by d =
/// alpha - beta instead, as LAPACK's rescaling amounts to). tau = 0 (H = I) leaves alpha and x.
template <class T>
inline void householder(T alpha, real_t<T> ssq, real_t<T> s, T &tau, T &scal, T &beta, T &d,
                        bool &tiny) noexcept {
  using R = real_t<T>;
  const R xnorm = s * std::sqrt(ssq);
  tiny = false;
  if (xnorm == R(0) && alpha == T(real_(alpha))) {  // and Im alpha = 0
    tau = T(0), scal = T(1), beta = alpha, d = T(1);
    return;
  }
  const T as = div(alpha, T(s));
  const R norm = s * std::sqrt(real_(mul(as, conj_(as))) + ssq);
  const R b = std::signbit(real_(alpha)) ? norm : -norm;  // -sign(norm, Re alpha), as Fortran's
  beta = T(b);
  tau = div(T(b) - alpha, T(b));
  d = alpha - T(b);
  tiny = std::fabs(b) < std::numeric_limits<R>::min() / std::numeric_limits<R>::epsilon();
  scal = tiny ? T(0) : recip(d);
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

/// Householder QR of the M x N view at a (xGEQR2): reflector k of column k (k < min(M, N)), R on
/// and above the diagonal, v below it, tau[k*ts].
template <class P, bool Cj, class T>
void geqr2_pass(int M, int N, T *a, idx rs, idx cs, T *tau, idx ts) noexcept {
  using V = typename P::V;
  using R = real_t<T>;
  constexpr int L = kLanes<P, T>;
  const int K = M < N ? M : N;
  const R low = ssq_low<R>(), high = ssq_high<R>();
  for (int k = 0; k < K; ++k) {
    T *col = a + k * (rs + cs);  // the view's (k,k)
    // sum of |x_i|^2 below the diagonal (negated) and max abs1, in one pass
    V nssq = P::splat(T(0));
    typename P::R amax = P::real(P::splat(T(0)));
    for (int i = 1; i < M - k; ++i) {
      const V x = cj_<P, Cj>(P::load(col + i * rs));
      nssq = P::fms(nssq, P::conj(x), x);
      const typename P::R ax = P::abs1(x);
      amax = P::sel(P::gt(ax, amax), ax, amax);
    }
    T al[L], ss[L], am[L], sc[L];
    P::store(al, cj_<P, Cj>(P::load(col)));
    P::store(ss, nssq);
    P::store(am, P::from_real(amax));
    bool rescale = false;
    for (int l = 0; l < L; ++l) {
      const R m = std::fmax(real_(am[l]), abs1(al[l]));
      const bool out = m > high || (m < low && m > R(0));
      sc[l] = out ? T(m) : T(1);
      rescale = rescale || out;
    }
    if (rescale) {  // the lanes out of range again, each scaled by its largest |x_i|
      const V s = P::load(sc);
      nssq = P::splat(T(0));
      for (int i = 1; i < M - k; ++i) {
        const V x = P::div(cj_<P, Cj>(P::load(col + i * rs)), s);
        nssq = P::fms(nssq, P::conj(x), x);
      }
      P::store(ss, nssq);
    }
    T tk[L], scal[L], beta[L], dd[L], tn[L];
    bool any_tiny = false;
    for (int l = 0; l < L; ++l) {
      bool tiny;
      householder(al[l], -real_(ss[l]), real_(sc[l]), tk[l], scal[l], beta[l], dd[l], tiny);
      tn[l] = tiny ? T(0) : T(1);
      any_tiny = any_tiny || tiny;
    }
    const V f = P::load(scal), d = P::load(dd);
    const typename P::B tiny = flagged<P>(tn);
    for (int i = 1; i < M - k; ++i) {
      T *e = col + i * rs;
      const V x = cj_<P, Cj>(P::load(e));
      const V y = any_tiny ? P::sel(tiny, P::div(x, d), P::mul(x, f)) : P::mul(x, f);
      P::store(e, cj_<P, Cj>(y));
    }
    P::store(col, cj_<P, Cj>(P::load(beta)));
    const V t = P::load(tk);
    P::store(tau + k * ts, t);
    if (k + 1 < N)
      reflect<P, Cj, Cj, false>(k, M, P::conj(t), col, rs, col + cs, rs, cs, N - k - 1,
                                P::is_zero(P::splat(T(0))));
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

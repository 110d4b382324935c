// SPDX-License-Identifier: BSD-3-Clause
// Scalar helpers shared by every kernel, host and device: real part type, LAPACK's abs1,
// and complex arithmetic written out so that no libgcc/libm complex helper (__muldc3,
// __divdc3) is called on the device and the host loops stay vectorizable.
#pragma once

#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>

namespace ompbatch::detail {

using idx = std::ptrdiff_t;

/// Before a loop whose body indexes memory by run-time strides (i * rs): Clang 19 on the host
/// unrolls such loops and keeps every unrolled copy's address live, more than the registers
/// hold, so that each load reloads its address from the stack; kept rolled, it runs as G++
/// compiles it (which does not unroll them). The Clang offload build's host path, double, 64 MiB,
/// 2 threads, bench medians of 3 alternating runs, with / without it on QR's reflector loops:
/// geqrf strided n = 8 / 32 / 128 1.37x / 1.27x / 1.26x, gels strided 1.17-1.34x, interleaved
/// 0.98-1.08x; single (tester, 32 MiB) 1.11-1.31x in both layouts; complex unchanged. Against
/// the g++ build after it (tester, medians of 3 alternating runs): geqrf and gels 0.88-1.07x
/// except strided n = 8 (1.11-1.19x) and cgels strided n = 128 (1.13x). On the solvers' tile loop
/// (tile_sub) it was mixed: potrf n = 16 and 32 1.07-1.13x, getri n = 8 0.86-0.88x, getrs nrhs = 1
/// n = 32 0.85-0.90x; left unrolled there.
#if defined(__clang__) && !defined(__NVPTX__) && !defined(__AMDGPU__)
#define OMPB_ROLLED _Pragma("clang loop unroll(disable)")
#else
#define OMPB_ROLLED
#endif

/// A function or a lambda's call operator (written after its parameter list) inlined into its
/// caller, in Clang's host-only translation units (the SIMD drivers; not the offload ones, whose
/// one-lane kernels Clang 19 then compiled wrongly for the x86 offload device: spotrf and dpotrf
/// factors off by 0.8, every other routine right). Clang 19 kept potrf_tiles' tile lambdas out of
/// line (213 potrf_tiles symbols in the clang offload build's libompbatch against 24 in G++'s,
/// which inlines them), every capture read through the closure; inlined, the clang build's
/// interleaved potrf runs 1.19-1.35x faster at n = 16 and 32.
#if defined(__clang__) && !defined(OMPBATCH_DEVICE_TU) && !defined(__NVPTX__) && \
    !defined(__AMDGPU__)
#define OMPB_INLINE __attribute__((always_inline))
#else
#define OMPB_INLINE
#endif

/// Kept out of line by both compilers: the host's dispatch over the orders of the kernels that
/// work in registers (getrs_columns, ...), whose dozen calls, inlined, had G++ stop inlining the
/// rest of their callers (trsm_pass, laswp_pass in getrs_lanes: 0.92x at n = 16).
#define OMPB_NOINLINE __attribute__((noinline))

/// A register tile's kernel (tile_sub) always inlined by GCC, whose inliner otherwise decides by
/// the size of the whole library: with gemm_update's 6 x 4 tiles added it kept tile_sub<.., 4, 4>
/// out of line in potrf_tiles, the accumulators then in memory (g++ build, interleaved dpotrf
/// n = 128 0.75-0.80x). Clang inlines it (unchanged).
#if defined(__GNUC__) && !defined(__clang__)
#define OMPB_TILE_INLINE __attribute__((always_inline))
#else
#define OMPB_TILE_INLINE
#endif

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
inline constexpr bool is_complex_v = false;
template <class R>
inline constexpr bool is_complex_v<std::complex<R>> = true;

#pragma omp declare target

template <class R>
inline R fabs_(R x) noexcept {
  return std::fabs(x);  // a sign-bit mask, vectorized
}

/// |re| + |im| (LAPACK's cabs1; |x| for real x): the pivot-search measure of i?amax.
template <class R>
inline R abs1(R x) noexcept {
  return fabs_(x);
}
template <class R>
inline R abs1(std::complex<R> z) noexcept {
  return fabs_(z.real()) + fabs_(z.imag());
}

/// a * b; complex: the second product of each part fused (GCC 12 vectorizes the unfused form
/// into fused multiply-add/subtract despite -ffp-contract=off, in some loops and not in others)
template <class R>
inline R mul(R a, R b) noexcept {
  return a * b;
}
template <class R>
inline std::complex<R> mul(std::complex<R> a, std::complex<R> b) noexcept {
  return {std::fma(a.real(), b.real(), -(a.imag() * b.imag())),
          std::fma(a.real(), b.imag(), a.imag() * b.real())};
}

/// c - a * b, fused (one rounding per real operation) on every compiler and device, so that
/// the host and offload backends and GCC and Clang builds round alike.
template <class R>
inline R fms(R c, R a, R b) noexcept {
  return std::fma(-a, b, c);
}
template <class R>
inline std::complex<R> fms(std::complex<R> c, std::complex<R> a, std::complex<R> b) noexcept {
  return {std::fma(a.imag(), b.imag(), std::fma(-a.real(), b.real(), c.real())),
          std::fma(-a.imag(), b.real(), std::fma(-a.real(), b.imag(), c.imag()))};
}

/// c + a * b, fused like fms.
template <class T>
inline T fma_(T c, T a, T b) noexcept {
  return fms(c, -a, b);
}

/// conj(x) (x for real x); cj(x, c): conj(x) when c.
template <class R>
inline R conj_(R x) noexcept {
  return x;
}
template <class R>
inline std::complex<R> conj_(std::complex<R> z) noexcept {
  return {z.real(), -z.imag()};
}
template <class T>
inline T cj(T x, bool c) noexcept {
  return c ? conj_(x) : x;
}

/// Real part (x for real x).
template <class R>
inline R real_(R x) noexcept {
  return x;
}
template <class R>
inline R real_(std::complex<R> z) noexcept {
  return z.real();
}

/// a / b, by Smith's scaling for complex b (no overflow for representable quotients).
template <class R>
inline R div(R a, R b) noexcept {
  return a / b;
}
template <class R>
inline std::complex<R> div(std::complex<R> a, std::complex<R> b) noexcept {
  const R br = b.real(), bi = b.imag();
  if (fabs_(bi) <= fabs_(br)) {
    const R r = bi / br, d = br + bi * r;
    return {(a.real() + a.imag() * r) / d, (a.imag() - a.real() * r) / d};
  }
  const R r = br / bi, d = bi + br * r;
  return {(a.real() * r + a.imag()) / d, (a.imag() * r - a.real()) / d};
}

/// 1 / b
template <class T>
inline T recip(T b) noexcept {
  return div(T(1), b);
}

#pragma omp end declare target

}  // namespace ompbatch::detail

// SPDX-License-Identifier: BSD-3-Clause
// Pack<T, W>: W lanes of T as one value, the unit the lane kernels compute with. Pack<T, 1> is
// the scalar itself (one matrix per device thread); the host runs W > 1 lanes, W matrices in
// lock-step, where every operation is lane-wise and per-lane choices are masked selects.
//
// Each pack type gives V (W values), R (their real parts' type: what abs1 returns), I (W row
// indices), B (W truth values) and the operations below, all element-wise per lane:
//   load(p), store(p, v)          W consecutive values at p
//   splat(x), index(i)            every lane x, every lane i
//   load_index(p), store_index(p, v, add)   W ints at p; p[l] = v[l] + add
//   abs1, mul, div, recip, fms    as in scalar.hpp
//   conj(v), real(v), from_real(r), scale(v, r), sqrt(r)   r: R, the real parts' type
//   recip_real(r), mul_recip(s, d)   1 / r, and s * (1 / d), for real parts (recip_sqrt below)
//   gt(x, y), lt(x, y), negative(r) (sign bit), is_zero(v), eq(v, i), ge(v, i), both(b, c),
//   bnot(b), any(b)
//   sel(b, x, y)                  b ? x : y per lane
// Float and double packs also give Mask (B, or AVX-512's one bit a lane), eq_mask(v, i) and
// sel_mask(m, x, y).
// Float, double and complex packs are vectors of the compiler (GCC/Clang vector extensions),
// so that a kernel's temporaries stay in registers.
#pragma once

#include <complex>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>
#if defined(__AVX512F__) && !defined(__NVPTX__) && !defined(__AMDGCN__)
#define OMPB_MASK_REGISTERS 1  // VectorPack's Mask: AVX-512's mask registers
#endif
#if defined(OMPB_MASK_REGISTERS) || \
    (!defined(__clang__) && (defined(__AVX512F__) || defined(__FMA__) || defined(__SSE2__)))
#include <immintrin.h>
#endif

#include "kernels/scalar.hpp"

namespace ompbatch::detail {

/// Specialized below: one lane (any T), float and double, and complex lanes.
template <class T, int W, class = void>
struct Pack;

#pragma omp declare target

/// One lane: the scalar kernel of the offload backend.
template <class T>
struct Pack<T, 1> {
  using V = T;
  using R = real_t<T>;
  using I = int;
  using B = bool;

  static V load(const T *p) noexcept { return *p; }
  static void store(T *p, V x) noexcept { *p = x; }
  static V splat(T x) noexcept { return x; }
  static I index(int i) noexcept { return i; }
  static I load_index(const int *p) noexcept { return *p; }
  static void store_index(int *p, I x, int add) noexcept { *p = x + add; }
  static R abs1(V x) noexcept { return detail::abs1(x); }
  static V mul(V x, V y) noexcept { return detail::mul(x, y); }
  static V div(V x, V y) noexcept { return detail::div(x, y); }
  static V recip(V x) noexcept { return detail::recip(x); }
  static V fms(V c, V x, V y) noexcept { return detail::fms(c, x, y); }
  static V conj(V x) noexcept { return conj_(x); }
  static R real(V x) noexcept { return real_(x); }
  static V from_real(R x) noexcept { return V(x); }
  static V scale(V x, R s) noexcept { return x * s; }
  static R sqrt(R x) noexcept { return std::sqrt(x); }
  static R recip_real(R x) noexcept { return R(1) / x; }
  static R mul_recip(R s, R d) noexcept { return s * (R(1) / d); }
  static B gt(R x, R y) noexcept { return x > y; }
  static B lt(R x, R y) noexcept { return x < y; }
  static B negative(R x) noexcept { return std::signbit(x); }
  static B is_zero(V x) noexcept { return x == T(0); }
  static B eq(I x, int i) noexcept { return x == i; }
  static B ge(I x, int i) noexcept { return x >= i; }
  static B both(B x, B y) noexcept { return x && y; }
  static B bnot(B x) noexcept { return !x; }
  static bool any(B x) noexcept { return x; }
  template <class X>
  static X sel(B b, X x, X y) noexcept {
    return b ? x : y;
  }
};

#pragma omp end declare target

/// A value of VectorPack<Real, W>'s Mask (see there). A function, not an alias naming B: GCC
/// drops the vector attribute of a type given as a template argument.
template <class Real, int W>
auto lane_mask() noexcept {
  constexpr int kBytes = sizeof(Real) * W;
#if defined(OMPB_MASK_REGISTERS)
  if constexpr (kBytes == 64) {
    if constexpr (sizeof(Real) == 4)
      return __mmask16();
    else
      return __mmask8();
  } else
#endif
  {
    using Int = std::conditional_t<sizeof(Real) == 8, long long, int>;
    typedef Int B __attribute__((vector_size(kBytes)));
    return B();
  }
}

/// Float and double lanes as vectors of the compiler: V = R of W values, I = B of W integers
/// of the same width (a comparison gives all-ones or zero per lane).
template <class Real, int W>
struct VectorPack {
  using T = Real;
  using Int = std::conditional_t<sizeof(T) == 8, long long, int>;
  typedef T V __attribute__((vector_size(sizeof(T) * W)));
  typedef Int I __attribute__((vector_size(sizeof(T) * W)));
  typedef int I32 __attribute__((vector_size(sizeof(int) * W)));
  using R = V;
  using B = I;

  static V load(const T *p) noexcept {
    V r;
    std::memcpy(&r, p, sizeof r);
    return r;
  }
  static void store(T *p, V x) noexcept { std::memcpy(p, &x, sizeof x); }
  static V splat(T x) noexcept { return V{} + x; }
  static I index(int i) noexcept { return I{} + Int(i); }
  static I load_index(const int *p) noexcept {
    I32 r;
    std::memcpy(&r, p, sizeof r);
    return __builtin_convertvector(r, I);
  }
  static void store_index(int *p, I x, int add) noexcept {
    const I32 r = __builtin_convertvector(x, I32) + add;
    std::memcpy(p, &r, sizeof r);
  }
  static R abs1(V x) noexcept { return x < 0 ? -x : x; }
  static V mul(V x, V y) noexcept { return x * y; }
  static V div(V x, V y) noexcept { return x / y; }
  static V recip(V x) noexcept { return T(1) / x; }
  static R recip_real(R x) noexcept { return T(1) / x; }
  static R mul_recip(R s, R d) noexcept { return s * (T(1) / d); }
  static V fms(V c, V x, V y) noexcept {
#if defined(__clang__)
    return __builtin_elementwise_fma(-x, y, c);
#else
    // GCC has no vector fma builtin and does not reliably vectorize the lane loop below
    // inside large unrolled kernels: the x86 instruction where there is one
#if defined(__AVX512F__)
    if constexpr (sizeof(V) == 64) return fnmadd(x, y, c, _mm512_fnmadd_ps, _mm512_fnmadd_pd);
#endif
#if defined(__FMA__)
    if constexpr (sizeof(V) == 32) return fnmadd(x, y, c, _mm256_fnmadd_ps, _mm256_fnmadd_pd);
    if constexpr (sizeof(V) == 16) return fnmadd(x, y, c, _mm_fnmadd_ps, _mm_fnmadd_pd);
#endif
    V r;
    for (int l = 0; l < W; ++l) r[l] = std::fma(T(-x[l]), T(y[l]), T(c[l]));
    return r;
#endif
  }
  /// c - x * y by the float or the double form f of an x86 fused negative multiply-add
  template <class FS, class FD>
  static V fnmadd(V x, V y, V c, FS fs, FD fd) noexcept {
    if constexpr (sizeof(T) == 4)
      return V(fs(x, y, c));
    else
      return V(fd(x, y, c));
  }
  static V conj(V x) noexcept {
    return x;
  }
  static R real(V x) noexcept {
    return x;
  }
  static V from_real(R x) noexcept {
    return x;
  }
  static V scale(V x, R s) noexcept {
    return x * s;
  }
  static R sqrt(R x) noexcept {
#if defined(__clang__)
    return __builtin_elementwise_sqrt(x);
#else
#if defined(__AVX512F__)
    // the masked forms: GCC 12 warns that the plain ones' undefined pass-through is uninitialized
    if constexpr (sizeof(V) == 64)
      return by_size(
          x, [](__m512 v) { return _mm512_mask_sqrt_ps(v, __mmask16(-1), v); },
          [](__m512d v) { return _mm512_mask_sqrt_pd(v, __mmask8(-1), v); });
#endif
#if defined(__AVX__)
    if constexpr (sizeof(V) == 32) return by_size(x, _mm256_sqrt_ps, _mm256_sqrt_pd);
#endif
#if defined(__SSE2__)
    if constexpr (sizeof(V) == 16) return by_size(x, _mm_sqrt_ps, _mm_sqrt_pd);
#endif
    V r;
    for (int l = 0; l < W; ++l) r[l] = std::sqrt(T(x[l]));
    return r;
#endif
  }
  /// f(x) by the float or the double form of an x86 operation
  template <class FS, class FD>
  static V by_size(V x, FS fs, FD fd) noexcept {
    if constexpr (sizeof(T) == 4)
      return V(fs(x));
    else
      return V(fd(x));
  }
  static B gt(R x, R y) noexcept {
    return x > y;
  }
  static B lt(R x, R y) noexcept {
    return x < y;
  }
  /// The sign bit (set for -0.0 too, as Fortran's SIGN reads it)
  static B negative(R x) noexcept {
    return (I)x < 0;
  }
  static B is_zero(V x) noexcept {
    return x == 0;
  }
  static B eq(I x, int i) noexcept {
    return x == Int(i);
  }
  static B ge(I x, int i) noexcept {
    return x >= Int(i);
  }
  static B both(B x, B y) noexcept {
    return x & y;
  }
  static B bnot(B x) noexcept {
    return ~x;
  }
  static bool any(B x) noexcept {
#if defined(__clang__)
    return __builtin_reduce_or(x) != 0;
#else
    // GCC 12 reduces the lane loop below lane by lane through general registers (some 30
    // instructions for 16 lanes): the x86 test instruction where there is one (potrf kernel
    // alone, Zen 5 VM, n = 8, medians of 5 alternating runs: 16 float lanes 1.18x, 16 double
    // lanes 1.33x; n = 32 float 1.08x)
#if defined(__AVX512F__)
    if constexpr (sizeof(B) == 64)
      return (sizeof(Int) == 4 ? _mm512_test_epi32_mask(__m512i(x), __m512i(x))
                               : _mm512_test_epi64_mask(__m512i(x), __m512i(x))) != 0;
#endif
#if defined(__AVX__)
    if constexpr (sizeof(B) == 32) return !_mm256_testz_si256(__m256i(x), __m256i(x));
#endif
#if defined(__SSE4_1__)
    if constexpr (sizeof(B) == 16) return !_mm_testz_si128(__m128i(x), __m128i(x));
#endif
    Int r = 0;
    for (int l = 0; l < W; ++l) r |= x[l];
    return r != 0;
#endif
  }
  template <class X>
  static X sel(B b, X x, X y) noexcept {
    return b ? x : y;
  }
  /// A lane condition as one bit a lane where the target has mask registers (AVX-512: 2 bytes
  /// in memory for 16 float lanes), else B. A kernel that reuses a condition keeps it so: a
  /// select by it then loads it, where a select by eq compares again (getrf_columns).
  using Mask = decltype(lane_mask<Real, W>());
  static Mask eq_mask(I x, int i) noexcept {
#if defined(OMPB_MASK_REGISTERS)
    if constexpr (sizeof(V) == 64) {
      if constexpr (sizeof(Int) == 4)
        return _mm512_cmpeq_epi32_mask(__m512i(x), _mm512_set1_epi32(i));
      else
        return _mm512_cmpeq_epi64_mask(__m512i(x), _mm512_set1_epi64(i));
    } else
#endif
      return eq(x, i);
  }
  /// m ? x : y per lane
  static V sel_mask(Mask m, V x, V y) noexcept {
#if defined(OMPB_MASK_REGISTERS)
    if constexpr (sizeof(V) == 64) {
      if constexpr (sizeof(T) == 4)
        return V(_mm512_mask_blend_ps(m, __m512(y), __m512(x)));
      else
        return V(_mm512_mask_blend_pd(m, __m512d(y), __m512d(x)));
    } else
#endif
      return sel(m, x, y);
  }
};

/// Widest lanes one vector of the pack holds: one register of the target (64 bytes with
/// AVX-512, 32 with AVX, else 16); wider packs are two halves. A vector wider than the target's
/// registers is lowered piecewise by the compiler, and GCC 12 took over 45 minutes on
/// simd/getrf_host.cpp for a Zen 3 (AVX2) target with 64-byte vectors, 3.4 minutes for
/// AVX-512.
#pragma omp declare target
#if defined(__AVX512F__)
constexpr std::size_t kVectorBytes = 64;
#elif defined(__AVX__)
constexpr std::size_t kVectorBytes = 32;
#else
constexpr std::size_t kVectorBytes = 16;
#endif
#pragma omp end declare target

/// 2W lanes as two packs H of W lanes, every operation done on both halves.
template <class H, int W>
struct PairPack {
  using T = typename H::T;
  template <class X>
  struct Two {
    X lo, hi;
  };
  using V = Two<typename H::V>;
  using R = Two<typename H::R>;
  using I = Two<typename H::I>;
  using B = Two<typename H::B>;

  static V load(const T *p) noexcept { return {H::load(p), H::load(p + W)}; }
  static void store(T *p, const V &x) noexcept {
    H::store(p, x.lo);
    H::store(p + W, x.hi);
  }
  static V splat(T x) noexcept { return {H::splat(x), H::splat(x)}; }
  static I index(int i) noexcept { return {H::index(i), H::index(i)}; }
  static I load_index(const int *p) noexcept { return {H::load_index(p), H::load_index(p + W)}; }
  static void store_index(int *p, const I &x, int add) noexcept {
    H::store_index(p, x.lo, add);
    H::store_index(p + W, x.hi, add);
  }
  static R abs1(const V &x) noexcept { return {H::abs1(x.lo), H::abs1(x.hi)}; }
  static V mul(const V &x, const V &y) noexcept { return {H::mul(x.lo, y.lo), H::mul(x.hi, y.hi)}; }
  static V div(const V &x, const V &y) noexcept { return {H::div(x.lo, y.lo), H::div(x.hi, y.hi)}; }
  static V recip(const V &x) noexcept { return {H::recip(x.lo), H::recip(x.hi)}; }
  static R recip_real(const R &x) noexcept { return {H::recip_real(x.lo), H::recip_real(x.hi)}; }
  static R mul_recip(const R &s, const R &d) noexcept {
    return {H::mul_recip(s.lo, d.lo), H::mul_recip(s.hi, d.hi)};
  }
  static V fms(const V &c, const V &x, const V &y) noexcept {
    return {H::fms(c.lo, x.lo, y.lo), H::fms(c.hi, x.hi, y.hi)};
  }
  static V conj(const V &x) noexcept { return x; }
  static R real(const V &x) noexcept { return x; }
  static V from_real(const R &x) noexcept { return x; }
  static V scale(const V &x, const R &s) noexcept {
    return {H::scale(x.lo, s.lo), H::scale(x.hi, s.hi)};
  }
  static R sqrt(const R &x) noexcept { return {H::sqrt(x.lo), H::sqrt(x.hi)}; }
  static B gt(const R &x, const R &y) noexcept { return {H::gt(x.lo, y.lo), H::gt(x.hi, y.hi)}; }
  static B lt(const R &x, const R &y) noexcept { return {H::lt(x.lo, y.lo), H::lt(x.hi, y.hi)}; }
  static B negative(const R &x) noexcept { return {H::negative(x.lo), H::negative(x.hi)}; }
  static B is_zero(const V &x) noexcept { return {H::is_zero(x.lo), H::is_zero(x.hi)}; }
  static B eq(const I &x, int i) noexcept { return {H::eq(x.lo, i), H::eq(x.hi, i)}; }
  static B ge(const I &x, int i) noexcept { return {H::ge(x.lo, i), H::ge(x.hi, i)}; }
  static B both(const B &x, const B &y) noexcept {
    return {H::both(x.lo, y.lo), H::both(x.hi, y.hi)};
  }
  static B bnot(const B &x) noexcept { return {H::bnot(x.lo), H::bnot(x.hi)}; }
  static bool any(const B &x) noexcept { return H::any(x.lo) || H::any(x.hi); }
  template <class X>
  static Two<X> sel(const B &b, const Two<X> &x, const Two<X> &y) noexcept {
    return {H::sel(b.lo, x.lo, y.lo), H::sel(b.hi, x.hi, y.hi)};
  }
};

/// Whether V is a PairPack's value (two halves, lo and hi). A type, not a variable template (see
/// FixedSize).
template <class V, class = void>
struct IsPair : std::false_type {};
template <class V>
struct IsPair<V, std::void_t<decltype(V::lo), decltype(V::hi)>> : std::true_type {};

template <class T, int W>
struct Pack<T, W, std::enable_if_t<(W > 1) && std::is_floating_point_v<T>>>
    : std::conditional_t<(sizeof(T) * W > kVectorBytes), PairPack<Pack<T, W / 2>, W / 2>,
                         VectorPack<T, W>> {};

/// Complex lanes as two real vectors (real and imaginary parts), split on load and
/// interleaved again on store; the arithmetic is scalar.hpp's, operation for operation, so
/// that every lane rounds as the one-lane kernel does. The split is the in-lane shuffles of the
/// target (unpack or shufps a 16-byte part: no index register, one cycle), which leave the
/// lanes in another order within the two vectors (lane_at); every operation is lane-wise, and
/// the ints of load_index and store_index are put in that order and back. Against the two-source
/// permutes (vpermi2pd and its index register), Zen 5 VM, the library before / after, 2
/// threads, 32 MiB, every complex routine at n = 8 / 32 / 64, interleaved and strided, 4
/// alternating runs of the tester, medians of the runs' ratios: g++ build 0.97-1.34x (82 of 84
/// cells at or over 1.0; getrf 1.08-1.26x, matinv 1.04-1.33x), clang build getrf 0.97-1.42x,
/// matinv 1.03-1.25x, the others 0.80-1.52x over two runs (getrs interleaved at n = 8 0.81-0.89x
/// in three of four readings).
template <class Real, int W>
struct Pack<std::complex<Real>, W, std::enable_if_t<(W > 1)>> {
  using T = std::complex<Real>;
  using P = VectorPack<Real, W>;
  using R = typename P::V;
  using I = typename P::I;
  using B = typename P::B;
  struct V {
    R re, im;
  };

  static V load(const T *p) noexcept {
    const Real *r = reinterpret_cast<const Real *>(p);
    return split(P::load(r), P::load(r + W), std::make_index_sequence<W>());
  }
  static void store(T *p, V x) noexcept {
    Real *r = reinterpret_cast<Real *>(p);
    P::store(r, merge<0>(x, std::make_index_sequence<W>()));
    P::store(r + W, merge<W / 2>(x, std::make_index_sequence<W>()));
  }
  /// A value kept with its parts apart (the W real parts, then the W imaginary parts, in
  /// lane_at's order), as the packed copies of the updates keep it: loaded and stored without
  /// load's and store's shuffles.
  static V load_apart(const T *p) noexcept {
    const Real *r = reinterpret_cast<const Real *>(p);
    return {P::load(r), P::load(r + W)};
  }
  static void store_apart(T *p, V x) noexcept {
    Real *r = reinterpret_cast<Real *>(p);
    P::store(r, x.re);
    P::store(r + W, x.im);
  }
  static V splat(T x) noexcept { return {P::splat(x.real()), P::splat(x.imag())}; }
  static I index(int i) noexcept { return P::index(i); }
  static I load_index(const int *p) noexcept {
    return order(P::load_index(p), std::make_index_sequence<W>());
  }
  static void store_index(int *p, I x, int add) noexcept {
    P::store_index(p, unorder(x, std::make_index_sequence<W>()), add);
  }
  static R abs1(V x) noexcept { return P::abs1(x.re) + P::abs1(x.im); }
  static V mul(V a, V b) noexcept {
    return {P::fms(-(a.im * b.im), -a.re, b.re), P::fms(a.im * b.re, -a.re, b.im)};
  }
  /// Smith's division, both of its branches computed and one selected per lane.
  static V div(V a, V b) noexcept {
    const B s = P::abs1(b.im) <= P::abs1(b.re);
    const R num = sel(s, b.im, b.re), den = sel(s, b.re, b.im);
    const R r = num / den, d = den + num * r;
    return {sel(s, a.re + a.im * r, a.re * r + a.im) / d,
            sel(s, a.im - a.re * r, a.im * r - a.re) / d};
  }
  static V recip(V x) noexcept { return div(splat(T(1)), x); }
  static R recip_real(R x) noexcept { return P::recip_real(x); }
  static R mul_recip(R s, R d) noexcept { return P::mul_recip(s, d); }
  static V fms(V c, V a, V b) noexcept {
    return {P::fms(P::fms(c.re, a.re, b.re), -a.im, b.im),
            P::fms(P::fms(c.im, a.re, b.im), a.im, b.re)};
  }
  static V conj(V x) noexcept { return {x.re, -x.im}; }
  static R real(V x) noexcept { return x.re; }
  static V from_real(R x) noexcept { return {x, R{}}; }
  static V scale(V x, R s) noexcept { return {x.re * s, x.im * s}; }
  static R sqrt(R x) noexcept { return P::sqrt(x); }
  static B gt(R x, R y) noexcept { return P::gt(x, y); }
  static B lt(R x, R y) noexcept { return P::lt(x, y); }
  static B negative(R x) noexcept { return P::negative(x); }
  static B is_zero(V x) noexcept { return P::both(P::is_zero(x.re), P::is_zero(x.im)); }
  static B eq(I x, int i) noexcept { return P::eq(x, i); }
  static B ge(I x, int i) noexcept { return P::ge(x, i); }
  static B both(B x, B y) noexcept { return P::both(x, y); }
  static B bnot(B x) noexcept { return P::bnot(x); }
  static bool any(B x) noexcept { return P::any(x); }
  static V sel(B b, V x, V y) noexcept { return {P::sel(b, x.re, y.re), P::sel(b, x.im, y.im)}; }
  template <class X>
  static X sel(B b, X x, X y) noexcept {
    return P::sel(b, x, y);
  }

 private:
  /// Reals a 16-byte part holds (K, at most W), and complex values (H) a part of lo or hi holds.
  enum : int { K = int(16 / sizeof(Real)) < W ? int(16 / sizeof(Real)) : W, H = K / 2 };
  /// The lane whose real part position q of V::re holds: part c of the vectors takes H lanes
  /// from lo's part c, then H from hi's.
  static constexpr int lane_at(int q) noexcept { return (q % K / H) * (W / 2) + q / K * H + q % H; }
  /// The position of lane l (lane_at's inverse).
  static constexpr int position(int l) noexcept {
    return l % (W / 2) / H * K + l / (W / 2) * H + l % H;
  }
  /// lo, hi: 2W reals re0 im0 re1 im1 ... -> the W real parts and the W imaginary parts, in
  /// lane_at's order: per 16-byte part, as the unpack (double) or shufps (float) instructions
  template <std::size_t... L>
  static V split(R lo, R hi, std::index_sequence<L...>) noexcept {
    return {__builtin_shufflevector(lo, hi, 2 * lane_at(int(L))...),
            __builtin_shufflevector(lo, hi, (2 * lane_at(int(L)) + 1)...)};
  }
  /// Reals 2*First .. 2*First + W - 1 of the interleaved lanes (First: 0 or W/2)
  template <int First, std::size_t... L>
  static R merge(V x, std::index_sequence<L...>) noexcept {
    return __builtin_shufflevector(x.re, x.im, (L % 2 ? W : 0) + position(First + int(L) / 2)...);
  }
  /// The ints of lanes 0..W-1 in lane_at's order, and back
  template <std::size_t... L>
  static I order(I x, std::index_sequence<L...>) noexcept {
    return __builtin_shufflevector(x, x, lane_at(int(L))...);
  }
  template <std::size_t... L>
  static I unorder(I x, std::index_sequence<L...>) noexcept {
    return __builtin_shufflevector(x, x, position(int(L))...);
  }
};

#pragma omp declare target

/// 1 / s for s = sqrt(d), d > 0 (the diagonal of potrf), per lane: s * (1 / d), whose division
/// runs beside the square root rather than after it, on the chain of dependent operations that
/// potrf's small orders wait on. Zen 5 VM, potrf kernel alone on an L1-resident interleaved
/// block, n = 8, medians of 5 alternating runs, g++ / clang builds: 16 float lanes 1.17x /
/// 1.10x, 8 double lanes 1.17x / 1.12x; complex, whose 1 / s was a complex division, 1.51x /
/// 1.28x (8 complex<float> lanes), 1.62x / 1.37x (4 complex<double>); n = 32 1.02-1.13x. Lanes
/// whose d lies outside (min, 1 / min), where 1 / d would leave the normal range or d is
/// infinite, take 1 / s (as LAPACK's potf2), by a branch that other lanes never wait on.
template <class P, class T>
typename P::R recip_sqrt(const typename P::R &s, const typename P::R &d) noexcept {
  using Real = real_t<T>;
  constexpr Real lo = std::numeric_limits<Real>::min(), hi = Real(1) / lo;
  const typename P::B in =
      P::both(P::gt(d, P::real(P::splat(T(lo)))), P::lt(d, P::real(P::splat(T(hi)))));
  typename P::R r = P::mul_recip(s, d);
  if (P::any(P::bnot(in))) r = P::sel(in, r, P::recip_real(s));
  return r;
}

#pragma omp end declare target

}  // namespace ompbatch::detail

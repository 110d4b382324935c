// SPDX-License-Identifier: BSD-3-Clause
// The backends as the core calls them: their entry points, declared here once and defined by each
// backend (simd/ the host's, offload/ the device's). The core includes no backend header; the
// backends include this one and src/kernels/, never each other.
#pragma once

#include <complex>
#include <type_traits>

#include "ompbatch/ompbatch.hpp"

namespace ompbatch::detail {

/// True when the call runs on the offload backend (never in a build without offload targets).
inline bool use_offload(const Context &ctx) {
#ifdef OMPBATCH_HAVE_OFFLOAD
  return ctx.backend() == Backend::offload;
#else
  (void)ctx;
  return false;
#endif
}

}  // namespace ompbatch::detail

// The host backend (simd/). It is compiled once per instruction set (a variant: x86-64,
// x86-64-v3 with AVX2, x86-64-v4 with AVX-512; or the build machine's alone with
// OMPBATCH_NATIVE), each copy self-contained (CMakeLists.txt), and variant() (simd/variant.cpp)
// picks the one this process runs: the best the CPU executes, or OMPBATCH_HOST_ISA's.
namespace ompbatch::detail::host {

/// One variant's routines for scalar type T (inputs checked, sizes non-zero): each takes the
/// lane kernels or the vendor path (LAPACKE per matrix) as the variant's tuning tables say.
template <class T>
struct Entries {
  void (*getrf)(const Context &, const BatchView<T> &, Pivots, int *);
  void (*getrs)(const Context &, Op, const BatchView<const T> &, ConstPivots, const BatchView<T> &);
  void (*getri)(const Context &, const BatchView<const T> &, ConstPivots, const BatchView<T> &,
                int *);
  void (*matinv)(const Context &, const BatchView<const T> &, const BatchView<T> &, int *);
  void (*potrf)(const Context &, Uplo, const BatchView<T> &, int *);
  void (*potrs)(const Context &, Uplo, const BatchView<const T> &, const BatchView<T> &);
  void (*trsm)(const Context &, Side, Uplo, Op, Diag, T, const BatchView<const T> &,
               const BatchView<T> &);
  void (*geqrf)(const Context &, const BatchView<T> &, const BatchView<T> &);
  void (*gels)(const Context &, Op, const BatchView<T> &, const BatchView<T> &, int *);
  void (*copy)(const BatchView<const T> &, const BatchView<T> &);
  int preferred_width;  ///< the interleave width its kernels run fastest with
};

/// The host backend compiled for one instruction set.
struct Variant {
  const char *isa;  ///< as -march names it: "x86-64-v4", "x86-64-v3", "x86-64", or "native"
  Entries<float> s;
  Entries<double> d;
  Entries<std::complex<float>> c;
  Entries<std::complex<double>> z;
};

/// The names of the tuning tables' machine classes (OMPBATCH_HOST_TABLE; simd/dispatch.hpp's
/// HostTable, in this order).
inline constexpr const char *kHostTables[] = {"avx2", "avx512-intel", "avx512-amd",
                                              "avx512-half-width"};

/// The variant this process runs, chosen at the first call: OMPBATCH_HOST_ISA's (one of the
/// build's; Error INVALID_VALUE for another value, ARCH_MISMATCH where this CPU cannot run it),
/// else the first of the build's that this CPU runs, AVX-512 before AVX2 before the baseline.
/// It also checks OMPBATCH_HOST_TABLE: a value not in kHostTables is Error INVALID_VALUE.
const Variant &variant();

/// The variant's routines for T.
template <class T>
const Entries<T> &entries() {
  const Variant &v = variant();
  if constexpr (std::is_same_v<T, float>) return v.s;
  if constexpr (std::is_same_v<T, double>) return v.d;
  if constexpr (std::is_same_v<T, std::complex<float>>) return v.c;
  if constexpr (std::is_same_v<T, std::complex<double>>) return v.z;
}

}  // namespace ompbatch::detail::host

// The offload backend (offload/): entry points of builds with offload targets (inputs already
// checked, sizes non-zero).
namespace ompbatch::detail::offload {

template <class T>
void getrf(const Context &ctx, const BatchView<T> &A, Pivots ipiv, int *info);

template <class T>
void copy(const Context &ctx, const BatchView<const T> &from, const BatchView<T> &to);

template <class T>
void getrs(const Context &ctx, Op trans, const BatchView<const T> &A, ConstPivots ipiv,
           const BatchView<T> &B);

template <class T>
void getri(const Context &ctx, const BatchView<const T> &A, ConstPivots ipiv, const BatchView<T> &C,
           int *info);

template <class T>
void matinv(const Context &ctx, const BatchView<const T> &A, const BatchView<T> &C, int *info);

template <class T>
void potrf(const Context &ctx, Uplo uplo, const BatchView<T> &A, int *info);

template <class T>
void potrs(const Context &ctx, Uplo uplo, const BatchView<const T> &A, const BatchView<T> &B);

template <class T>
void trsm(const Context &ctx, Side side, Uplo uplo, Op trans, Diag diag, T alpha,
          const BatchView<const T> &A, const BatchView<T> &B);

template <class T>
void geqrf(const Context &ctx, const BatchView<T> &A, const BatchView<T> &tau);

template <class T>
void gels(const Context &ctx, Op trans, const BatchView<T> &A, const BatchView<T> &C, int *info);

}  // namespace ompbatch::detail::offload

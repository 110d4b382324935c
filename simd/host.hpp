// SPDX-License-Identifier: BSD-3-Clause
// The host backend as the core calls it. The backend is compiled once per instruction set (a
// variant: x86-64, x86-64-v3 with AVX2, x86-64-v4 with AVX-512; or the build machine's alone with
// OMPBATCH_NATIVE), each copy self-contained (CMakeLists.txt), and variant() picks the one this
// process runs: the best the CPU executes, or OMPBATCH_HOST_ISA's.
#pragma once

#include <complex>
#include <type_traits>

#include "ompbatch/ompbatch.hpp"

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

/// The names of the tuning tables' machine classes (OMPBATCH_HOST_TABLE; src/dispatch.hpp's
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

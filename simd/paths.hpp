// SPDX-License-Identifier: BSD-3-Clause
// The host backend's lane path (the SIMD lane kernels' drivers, simd/*_host.cpp; inputs checked,
// sizes non-zero) and the routines of its tuning tables. The vendor path is simd/vendor/vendor.hpp;
// simd/route.cpp chooses between them, src/backends.hpp is what the core calls.
#pragma once

#include "ompbatch/ompbatch.hpp"

namespace ompbatch::detail {

/// The routines of the host's tuning tables (simd/dispatch.hpp), listed once: the enum and
/// kRoutines both come from this list. Their order means nothing: a routine's place in the
/// tables is its entry in describe().
#define OMPBATCH_HOST_ROUTINES(X) \
  X(getrf) X(getri) X(matinv) X(potrf) X(getrs) X(potrs) X(trsm) X(geqrf) X(gels)
#define OMPBATCH_ENUMERATOR(name) name,
#define OMPBATCH_ROUTINE(name) Routine::name,
enum class Routine { OMPBATCH_HOST_ROUTINES(OMPBATCH_ENUMERATOR) };

/// Every routine, for loops over them (tests, the tables' checks).
inline constexpr Routine kRoutines[] = {OMPBATCH_HOST_ROUTINES(OMPBATCH_ROUTINE)};
#undef OMPBATCH_ENUMERATOR
#undef OMPBATCH_ROUTINE

/// Which crossover tables a routine reads: the factorizations' (by order), the solves' (by order
/// and right-hand sides), QR's.
enum class Family { factor, solve, qr };

/// A routine's description: its name, its family, its row in its family's crossover tables and
/// in the threaded speed-ups (ThreadedSpeedups: factor's rows for factorizations and QR, the
/// complex solves' rows for solves).
struct RoutineInfo {
  const char *name;
  Family family;
  int row;
  int speedup_row;
};

// A routine missing from describe() is a compile error, not a table read past its end.
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wswitch"
constexpr RoutineInfo describe(Routine r) {
  switch (r) {
    case Routine::getrf:
      return {"getrf", Family::factor, 0, 0};
    case Routine::getri:
      return {"getri", Family::factor, 1, 1};
    case Routine::matinv:
      return {"matinv", Family::factor, 2, 2};
    case Routine::potrf:
      return {"potrf", Family::factor, 3, 3};
    case Routine::getrs:
      return {"getrs", Family::solve, 0, 0};
    case Routine::potrs:
      return {"potrs", Family::solve, 1, 1};
    case Routine::trsm:
      return {"trsm", Family::solve, 2, 2};
    case Routine::geqrf:
      return {"geqrf", Family::qr, 0, 4};
    case Routine::gels:
      return {"gels", Family::qr, 1, 4};
  }
  return {};
}
#pragma GCC diagnostic pop

/// The rows of family f's crossover tables: one more than the largest row of its routines.
constexpr int family_rows(Family f) {
  int rows = 0;
  for (Routine r : kRoutines)
    if (describe(r).family == f) rows = describe(r).row + 1 > rows ? describe(r).row + 1 : rows;
  return rows;
}

// No two routines share a row of their family's tables.
static_assert([] {
  for (Routine a : kRoutines)
    for (Routine b : kRoutines)
      if (a != b && describe(a).family == describe(b).family && describe(a).row == describe(b).row)
        return false;
  return true;
}());

/// Whether r is one of the solves (getrs, potrs, trsm).
constexpr bool is_solve(Routine r) {
  return describe(r).family == Family::solve;
}

}  // namespace ompbatch::detail

namespace ompbatch::detail::host {

template <class T>
void getrf(const BatchView<T> &A, Pivots ipiv, int *info);

/// getrf of getrf_width<T>() lanes packed in a thread's buffer (row stride W, column stride n W,
/// pivots at stride W): matinv's factorization in single precision (simd/getrf_host.cpp).
template <class T>
void getrf_packed(int n, T *a, int *ipiv, int *info, T *work);

template <class T>
void copy(const BatchView<const T> &from, const BatchView<T> &to);

template <class T>
void getrs(Op trans, const BatchView<const T> &A, ConstPivots ipiv, const BatchView<T> &B);

template <class T>
void getri(const BatchView<const T> &A, ConstPivots ipiv, const BatchView<T> &C, int *info);

template <class T>
void matinv(const BatchView<const T> &A, const BatchView<T> &C, int *info);

template <class T>
void potrf(Uplo uplo, const BatchView<T> &A, int *info);

template <class T>
void potrs(Uplo uplo, const BatchView<const T> &A, const BatchView<T> &B);

template <class T>
void trsm(Side side, Uplo uplo, Op trans, Diag diag, T alpha, const BatchView<const T> &A,
          const BatchView<T> &B);

template <class T>
void geqrf(const BatchView<T> &A, const BatchView<T> &tau);

template <class T>
void gels(Op trans, const BatchView<T> &A, const BatchView<T> &C, int *info);

}  // namespace ompbatch::detail::host

// SPDX-License-Identifier: BSD-3-Clause
// The vendor path: each routine as one LAPACKE/CBLAS call per matrix (OpenBLAS), over the
// chunks of vendor/columns.hpp.
#include "simd/vendor/vendor.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "kernels/getrf_lanes.hpp"
#include "precisions.hpp"
#include "simd/dispatch.hpp"
#include "simd/vendor/columns.hpp"
#include "simd/vendor/lapack.hpp"

namespace ompbatch::detail::vendor {
namespace {

/// How the threads share the vendor path's calls: one matrix after another on OpenBLAS's threads
/// where threads_inside (simd/dispatch.hpp) says so (routine r of order n, a solve with nrhs
/// right-hand sides); the whole team on each block of an interleaved batch of fewer blocks than
/// threads; else a thread per matrix.
template <class U>
Spread spread_of(Routine r, const BatchView<U> &lead, int n, int nrhs = 1) {
  if (threads_inside<std::remove_const_t<U>>(r, lead.count, n, nrhs)) return Spread::threaded_blas;
  if (lead.layout == Layout::interleaved &&
      host::Chunks<U, kVendorLanes<std::remove_const_t<U>>>(lead).count < omp_get_max_threads())
    return Spread::team;
  return Spread::per_thread;
}

/// Scratch of the calling thread, at least n values of X and kReadPastBytes past them (kept for
/// the thread's next calls).
template <class X>
X *scratch(std::size_t n) {
  thread_local std::vector<X> v;
  n += host::kReadPastBytes / sizeof(X);
  if (v.size() < n) v.resize(n);
  return v.data();
}

/// getrf's pivots of one matrix for LAPACK: an entry outside 1..n becomes k+1 (no
/// interchange, as the lane kernels treat it); none (nullptr) the identity.
const int *lapack_pivots(int n, const int *p) {
  int *q = scratch<int>(std::size_t(n));
  for (int k = 0; k < n; ++k) q[k] = p && p[k] >= 1 && p[k] <= n ? p[k] : k + 1;
  return q;
}

/// Whether an m x n matrix holds only normal numbers and zeros. A NaN, an infinity or a
/// subnormal value sends the matrix to the one-lane kernel instead of LAPACK: OpenBLAS's pivot
/// search and scaling treat them otherwise than LAPACK's reference (which the lane kernels, the
/// offload backend and so every layout follow).
template <class T>
bool ordinary(int m, int n, const T *a, int lda) {
  using R = real_t<T>;
  constexpr idx k = sizeof(T) / sizeof(R);  // real values per element
  constexpr R big = std::numeric_limits<R>::max(), tiny = std::numeric_limits<R>::min();
  const R *r = reinterpret_cast<const R *>(a);
  int odd = 0;
  for (int j = 0; j < n; ++j) {
    const R *c = r + idx(j) * lda * k;
#pragma omp simd reduction(| : odd)
    for (idx i = 0; i < m * k; ++i) {
      const R x = std::abs(c[i]);
      odd |= int(!(x <= big)) | int(x < tiny && x != R(0));
    }
  }
  return odd == 0;
}

/// LU of one column-major matrix (LAPACK getrf's result), by LAPACK or, for a matrix that is
/// not ordinary(), by the one-lane kernel.
template <class T>
int factor_lu(int m, int n, T *a, int lda, int *piv) {
  if (ordinary(m, n, a, lda)) return lapack::getrf(m, n, a, lda, piv);
  int info = 0;
  getrf_lanes<T, 1>(m, n, a, idx(1), idx(lda), piv, idx(1), &info);
  return info;
}

/// Cholesky factor of one column-major matrix by LAPACK, with LAPACK's reference info: the
/// first k whose pivot is not positive or is NaN. OpenBLAS stops at the first pivot <= 0 but
/// lets a NaN pass; a NaN pivot leaves NaN on the diagonal (its square root), where every pivot
/// it took is a positive number's square root, so the first NaN before OpenBLAS's own stop is
/// the reference's. Unlike getrf, nothing needs a scan before the call: an infinity or a
/// subnormal value follows the same arithmetic as in the lane kernel (no pivot search, no
/// scaling but by the pivot). Without the scan, dpotrf on 64 MiB strided batches ran 37.7 ->
/// 31.1 ms at n = 512 and 24.8 -> 18.9 ms at n = 256 (medians of 3 alternating runs, 2 threads).
template <class T>
int cholesky(Uplo uplo, int n, T *a, int lda) {
  const int info = lapack::potrf(char(uplo), n, a, lda);
  const int end = info > 0 ? info - 1 : n;
  for (int k = 0; k < end; ++k)
    if (std::isnan(std::real(a[idx(k) * lda + k]))) return k + 1;
  return info;
}

/// C = inv(C) from its LU factors in place (LAPACK getri).
template <class T>
int invert(int n, T *c, int ldc, const int *ipiv) {
  const int lwork = 64 * n;
  return lapack::getri(n, c, ldc, ipiv, scratch<T>(std::size_t(lwork)), lwork);
}

/// The optimal workspace of a LAPACK call f(work, lwork) from its query (lwork = -1).
template <class T, class F>
int workspace(F f) {
  T w[1] = {T(0)};
  f(w, -1);
  return std::max(1, int(std::real(w[0])));
}

}  // namespace

template <class T>
void geqrf(const BatchView<T> &A, const BatchView<T> &tau) {
  const int m = A.rows, n = A.cols;
  const int lwork = workspace<T>(
      [&](T *w, int l) { lapack::geqrf<T>(m, n, nullptr, std::max(1, m), nullptr, w, l); });
  for_each_chunk(A, spread_of(Routine::geqrf, A, std::min(m, n)), [&] {
    return [&, a = Columns<T>(A, true, true), t = Columns<T>(tau, false, true)](idx b0, int lanes,
                                                                                bool team) mutable {
      a.bind(b0, lanes, team);
      t.bind(b0, lanes, team);
      split(team, lanes, [&](int l) {
        lapack::geqrf(m, n, a.ptr(l), a.ld(), t.ptr(l), scratch<T>(std::size_t(lwork)), lwork);
      });
      a.finish(b0, lanes, team);
      t.finish(b0, lanes, team);
    };
  });
}

/// LAPACK's gels per matrix, with the contract's info: the first exactly zero diagonal element
/// of the triangular factor, with C restored as it came (LAPACK has then applied Q^H to it; for
/// an A of zeros it returns X = 0 without factoring). A complex A with m < n (an LQ) is factored
/// in a copy with kReadPastBytes after it: there clarf's cgemv_n / zgemv_n (OpenBLAS 0.3.21,
/// every kernel from Prescott's to Zen's) read past A's last column, and an A that ends where its
/// mapping does faulted (VendorPath.MatricesEndingAtAGuardPage).
template <class T>
void gels(Op trans, const BatchView<T> &A, const BatchView<T> &C, int *info) {
  const int m = A.rows, n = A.cols, nrhs = C.cols, kmax = std::min(m, n), rows = C.rows;
  const int lwork = workspace<T>([&](T *w, int l) {
    lapack::gels<T>(char(trans), m, n, nrhs, nullptr, std::max(1, m), nullptr, std::max(1, rows), w,
                    l);
  });
  const bool padded = is_complex_v<T> && m < n && A.layout != Layout::interleaved;
  const std::size_t rhs = std::size_t(rows) * nrhs, mn = padded ? std::size_t(m) * n : 0;
  for_each_chunk(A, spread_of(Routine::gels, A, kmax), [&] {
    return [&, a = Columns<T>(A, true, true), c = Columns<T>(C, true, true)](idx b0, int lanes,
                                                                             bool team) mutable {
      a.bind(b0, lanes, team);
      c.bind(b0, lanes, team);
      split(team, lanes, [&](int l) {
        T *x = c.ptr(l), *keep = scratch<T>(rhs + mn + std::size_t(lwork)), *work = keep + rhs + mn;
        T *f = padded ? keep + rhs : a.ptr(l);  // the matrix LAPACK factors
        const int ldf = padded ? m : a.ld();
        copy_matrix(rows, nrhs, x, c.ld(), keep, rows);
        if (padded) copy_matrix(m, n, a.ptr(l), a.ld(), f, ldf);
        lapack::gels(char(trans), m, n, nrhs, f, ldf, x, c.ld(), work, lwork);
        if (padded) copy_matrix(m, n, f, ldf, a.ptr(l), a.ld());
        int k = 0;
        while (k < kmax && f[idx(k) * ldf + k] != T(0)) ++k;
        info[b0 + l] = k < kmax ? k + 1 : 0;
        if (k < kmax) copy_matrix(rows, nrhs, keep, rows, x, c.ld());
      });
      a.finish(b0, lanes, team);
      c.finish(b0, lanes, team);
    };
  });
}

template <class T>
void getrf(const BatchView<T> &A, Pivots ipiv, int *info) {
  const int m = A.rows, n = A.cols;
  const BatchView<int> P = pivot_view(A, ipiv.data, ipiv.stride);
  for_each_chunk(A, spread_of(Routine::getrf, A, std::min(m, n)), [&] {
    return [&, a = Columns<T>(A, true, true), p = Columns<int>(P, false, true)](idx b0, int lanes,
                                                                                bool team) mutable {
      a.bind(b0, lanes, team);
      p.bind(b0, lanes, team);
      split(team, lanes,
            [&](int l) { info[b0 + l] = factor_lu(m, n, a.ptr(l), a.ld(), p.ptr(l)); });
      a.finish(b0, lanes, team);
      p.finish(b0, lanes, team);
    };
  });
}

template <class T>
void getrs(Op trans, const BatchView<const T> &A, ConstPivots ipiv, const BatchView<T> &B) {
  const int n = A.rows, nrhs = B.cols;
  const BatchView<const int> P = pivot_view(A, ipiv.data, ipiv.stride);
  for_each_chunk(A, spread_of(Routine::getrs, A, n, nrhs), [&] {
    return [&, a = Columns<const T>(A, true, false), p = Columns<const int>(P, true, false),
            b = Columns<T>(B, true, true)](idx b0, int lanes, bool team) mutable {
      a.bind(b0, lanes, team);
      p.bind(b0, lanes, team);
      b.bind(b0, lanes, team);
      split(team, lanes, [&](int l) {
        lapack::getrs(char(trans), n, nrhs, a.ptr(l), a.ld(), lapack_pivots(n, p.ptr(l)), b.ptr(l),
                      b.ld());
      });
      b.finish(b0, lanes, team);
    };
  });
}

template <class T>
void getri(const BatchView<const T> &A, ConstPivots ipiv, const BatchView<T> &C, int *info) {
  const int n = A.rows;
  const BatchView<const int> P = pivot_view(A, ipiv.data, ipiv.stride);
  for_each_chunk(A, spread_of(Routine::getri, A, n), [&] {
    return [&, p = Columns<const int>(P, true, false), c = Columns<T>(C, false, true)](
               idx b0, int lanes, bool team) mutable {
      p.bind(b0, lanes, team);
      c.bind_copy(A, b0, lanes, team);
      split(team, lanes,
            [&](int l) { info[b0 + l] = invert(n, c.ptr(l), c.ld(), lapack_pivots(n, p.ptr(l))); });
      c.finish(b0, lanes, team);
    };
  });
}

template <class T>
void matinv(const BatchView<const T> &A, const BatchView<T> &C, int *info) {
  const int n = A.rows;
  for_each_chunk(A, spread_of(Routine::matinv, A, n), [&] {
    return [&, c = Columns<T>(C, false, true)](idx b0, int lanes, bool team) mutable {
      c.bind_copy(A, b0, lanes, team);
      split(team, lanes, [&](int l) {
        T *x = c.ptr(l);
        int *piv = scratch<int>(std::size_t(n));
        info[b0 + l] = factor_lu(n, n, x, c.ld(), piv);
        if (info[b0 + l] == 0) invert(n, x, c.ld(), piv);
      });
      c.finish(b0, lanes, team);
    };
  });
}

template <class T>
void potrf(Uplo uplo, const BatchView<T> &A, int *info) {
  const int n = A.rows;
  for_each_chunk(A, spread_of(Routine::potrf, A, n), [&] {
    return [&, a = Columns<T>(A, true, true, part_of(uplo))](idx b0, int lanes, bool team) mutable {
      a.bind(b0, lanes, team);
      split(team, lanes, [&](int l) { info[b0 + l] = cholesky(uplo, n, a.ptr(l), a.ld()); });
      a.finish(b0, lanes, team);
    };
  });
}

template <class T>
void potrs(Uplo uplo, const BatchView<const T> &A, const BatchView<T> &B) {
  const int n = A.rows, nrhs = B.cols;
  for_each_chunk(A, spread_of(Routine::potrs, A, n, nrhs), [&] {
    return [&, a = Columns<const T>(A, true, false, part_of(uplo)), b = Columns<T>(B, true, true)](
               idx b0, int lanes, bool team) mutable {
      a.bind(b0, lanes, team);
      b.bind(b0, lanes, team);
      split(team, lanes,
            [&](int l) { lapack::potrs(char(uplo), n, nrhs, a.ptr(l), a.ld(), b.ptr(l), b.ld()); });
      b.finish(b0, lanes, team);
    };
  });
}

template <class T>
void trsm(Side side, Uplo uplo, Op trans, Diag diag, T alpha, const BatchView<const T> &A,
          const BatchView<T> &B) {
  const int m = B.rows, n = B.cols;
  for_each_chunk(A, spread_of(Routine::trsm, A, A.rows, side == Side::left ? n : m), [&] {
    return [&, a = Columns<const T>(A, true, false, part_of(uplo)), b = Columns<T>(B, true, true)](
               idx b0, int lanes, bool team) mutable {
      a.bind(b0, lanes, team);
      b.bind(b0, lanes, team);
      split(team, lanes, [&](int l) {
        lapack::trsm(char(side), char(uplo), char(trans), char(diag), m, n, alpha, a.ptr(l), a.ld(),
                     b.ptr(l), b.ld());
      });
      b.finish(b0, lanes, team);
    };
  });
}

#define OMPB_INSTANTIATE(L, T)                                                                  \
  template void getrf<T>(const BatchView<T> &, Pivots, int *);                                  \
  template void getrs<T>(Op, const BatchView<const T> &, ConstPivots, const BatchView<T> &);    \
  template void getri<T>(const BatchView<const T> &, ConstPivots, const BatchView<T> &, int *); \
  template void matinv<T>(const BatchView<const T> &, const BatchView<T> &, int *);             \
  template void potrf<T>(Uplo, const BatchView<T> &, int *);                                    \
  template void potrs<T>(Uplo, const BatchView<const T> &, const BatchView<T> &);               \
  template void trsm<T>(Side, Uplo, Op, Diag, T, const BatchView<const T> &,                    \
                        const BatchView<T> &);                                                  \
  template void geqrf<T>(const BatchView<T> &, const BatchView<T> &);                           \
  template void gels<T>(Op, const BatchView<T> &, const BatchView<T> &, int *);
OMPB_FOR_EACH_PRECISION(OMPB_INSTANTIATE)
#undef OMPB_INSTANTIATE

}  // namespace ompbatch::detail::vendor

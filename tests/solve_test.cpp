// SPDX-License-Identifier: BSD-3-Clause
// The solver family (getrs, getri, matinv, potrf, potrs, trsm) against LAPACK's residual
// ratios and LAPACKE, typed over S/D/C/Z, on every test backend and layout.
#include <fmt/format.h>

#include <cmath>

#include "common/harness.hpp"
#ifdef OMPBATCH_HAVE_OFFLOAD
#include "kernels/team.hpp"
#include "offload/launch.hpp"
#endif

namespace ompbtest {
namespace {

using ompbatch::testing::Dense;
using ompbatch::testing::inverse_residual;
using ompbatch::testing::random_hpd;
using ompbatch::testing::solve_residual;

// ---- the C API in a Batch's layout (A and B share it) ----

template <class T>
ompbStatus_t getrs(ompbHandle_t h, ompbOperation_t t, Batch<T> &A, bool pivot, Batch<T> &B,
                   int *info) {
  const int n = A.rows(), nrhs = B.cols(), count = A.count();
  const int *p = pivot ? A.piv() : nullptr;
  switch (A.layout()) {
    case Layout::pointer_array:
      return CApi<T>::getrs_p(h, t, n, nrhs, A.cptrs().data(), A.ld(), p, B.ptrs(), B.ld(), info,
                              count);
    case Layout::strided:
      return CApi<T>::getrs_s(h, t, n, nrhs, A.data(), A.ld(), A.stride(), p, A.pstride(), B.data(),
                              B.ld(), B.stride(), info, count);
    default:
      return CApi<T>::getrs_i(h, t, n, nrhs, A.data(), A.ld(), A.width(), p, B.data(), B.ld(), info,
                              count);
  }
}

template <class T>
ompbStatus_t getri(ompbHandle_t h, Batch<T> &A, bool pivot, Batch<T> &C) {
  const int n = A.rows(), count = A.count();
  const int *p = pivot ? A.piv() : nullptr;
  switch (A.layout()) {
    case Layout::pointer_array:
      return CApi<T>::getri_p(h, n, A.cptrs().data(), A.ld(), p, C.ptrs(), C.ld(), C.info(), count);
    case Layout::strided:
      return CApi<T>::getri_s(h, n, A.data(), A.ld(), A.stride(), p, A.pstride(), C.data(), C.ld(),
                              C.stride(), C.info(), count);
    default:
      return CApi<T>::getri_i(h, n, A.data(), A.ld(), A.width(), p, C.data(), C.ld(), C.info(),
                              count);
  }
}

template <class T>
ompbStatus_t matinv(ompbHandle_t h, Batch<T> &A, Batch<T> &C) {
  const int n = A.rows(), count = A.count();
  switch (A.layout()) {
    case Layout::pointer_array:
      return CApi<T>::matinv_p(h, n, A.cptrs().data(), A.ld(), C.ptrs(), C.ld(), C.info(), count);
    case Layout::strided:
      return CApi<T>::matinv_s(h, n, A.data(), A.ld(), A.stride(), C.data(), C.ld(), C.stride(),
                               C.info(), count);
    default:
      return CApi<T>::matinv_i(h, n, A.data(), A.ld(), A.width(), C.data(), C.ld(), C.info(),
                               count);
  }
}

template <class T>
ompbStatus_t potrf(ompbHandle_t h, ompbFillMode_t uplo, Batch<T> &A) {
  const int n = A.rows(), count = A.count();
  switch (A.layout()) {
    case Layout::pointer_array:
      return CApi<T>::potrf_p(h, uplo, n, A.ptrs(), A.ld(), A.info(), count);
    case Layout::strided:
      return CApi<T>::potrf_s(h, uplo, n, A.data(), A.ld(), A.stride(), A.info(), count);
    default:
      return CApi<T>::potrf_i(h, uplo, n, A.data(), A.ld(), A.width(), A.info(), count);
  }
}

template <class T>
ompbStatus_t potrs(ompbHandle_t h, ompbFillMode_t uplo, Batch<T> &A, Batch<T> &B, int *info) {
  const int n = A.rows(), nrhs = B.cols(), count = A.count();
  switch (A.layout()) {
    case Layout::pointer_array:
      return CApi<T>::potrs_p(h, uplo, n, nrhs, A.cptrs().data(), A.ld(), B.ptrs(), B.ld(), info,
                              count);
    case Layout::strided:
      return CApi<T>::potrs_s(h, uplo, n, nrhs, A.data(), A.ld(), A.stride(), B.data(), B.ld(),
                              B.stride(), info, count);
    default:
      return CApi<T>::potrs_i(h, uplo, n, nrhs, A.data(), A.ld(), A.width(), B.data(), B.ld(), info,
                              count);
  }
}

template <class T>
ompbStatus_t trsm(ompbHandle_t h, ompbSideMode_t side, ompbFillMode_t uplo, ompbOperation_t t,
                  ompbDiagType_t diag, T alpha, Batch<T> &A, Batch<T> &B) {
  const int m = B.rows(), n = B.cols(), count = A.count();
  switch (A.layout()) {
    case Layout::pointer_array:
      return CApi<T>::trsm_p(h, side, uplo, t, diag, m, n, &alpha, A.cptrs().data(), A.ld(),
                             B.ptrs(), B.ld(), count);
    case Layout::strided:
      return CApi<T>::trsm_s(h, side, uplo, t, diag, m, n, &alpha, A.data(), A.ld(), A.stride(),
                             B.data(), B.ld(), B.stride(), count);
    default:
      return CApi<T>::trsm_i(h, side, uplo, t, diag, m, n, &alpha, A.data(), A.ld(), A.width(),
                             B.data(), B.ld(), count);
  }
}

char op_char(ompbOperation_t t) {
  return t == OMPB_OP_N ? 'N' : t == OMPB_OP_T ? 'T' : 'C';
}

template <class T>
Dense<T> dense(int m, int n, const std::vector<T> &a) {
  return Dense<T>(m, n, a.data());
}

/// Whether element (i, j) lies in the lower (else the upper) triangle, its diagonal included.
bool in_triangle(bool lower, int i, int j) {
  return lower ? i >= j : i <= j;
}

/// A copy of the n x n matrix a with NaN wherever a routine that reads only the triangle uplo
/// (and with a unit diagonal, not the diagonal) must not look: any read of it shows in the
/// results.
template <class T>
std::vector<T> nan_outside(ompbFillMode_t uplo, bool unit, int n, std::vector<T> a) {
  const T nan = T(std::numeric_limits<real_t<T>>::quiet_NaN());
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      if (!in_triangle(uplo == OMPB_FILL_MODE_LOWER, i, j) || (unit && i == j))
        a[i + std::size_t(j) * n] = nan;
  return a;
}

template <class T>
class Solvers : public ::testing::Test {};
TYPED_TEST_SUITE(Solvers, Precisions);

/// getrs, every trans, pivoted and not: ||B - op(A) X|| / (n ||A|| ||X|| eps) < 30; A and its
/// pivots untouched; nothing outside B's matrices written.
TYPED_TEST(Solvers, GetrsBackwardErrorIsSmall) {
  using T = TypeParam;
  std::mt19937_64 rng(31);
  for (auto [n, nrhs, count] : {std::tuple{1, 1, 3},
                                {3, 2, 5},
                                {6, 2, 9},
                                {8, 1, 67},
                                {8, 6, 35},
                                {10, 4, 35},
                                {12, 1, 35},
                                {12, 2, 35},
                                {17, 3, 5},
                                {33, 4, 3}})
    for (bool pivot : {true, false}) {
      std::vector<std::vector<T>> a(count), b(count);
      for (int k = 0; k < count; ++k) {
        a[k] = random_matrix<T>(n, n, rng);
        if (!pivot) ompbatch::testing::add_to_diagonal(n, a[k].data(), 2 * n);
        b[k] = random_matrix<T>(n, nrhs, rng);
      }
      for (ompbBackend_t backend : test_backends())
        for (Layout layout : all_layouts())
          for (ompbOperation_t t : {OMPB_OP_N, OMPB_OP_T, OMPB_OP_C}) {
            SCOPED_TRACE(fmt::format("{}/{} n={} nrhs={} batch={} trans={} pivot={}",
                                     backend_name(backend), layout_name(layout), n, nrhs, count,
                                     op_char(t), pivot));
            Handle h(backend);
            Batch<T> A(layout, n, n, count), B(layout, n, nrhs, count);
            for (int k = 0; k < count; ++k) {
              A.set(k, a[k]);
              B.set(k, b[k]);
            }
            ASSERT_EQ(A.getrf(h, pivot), OMPB_STATUS_SUCCESS);
            A.snapshot();
            B.snapshot();
            int info = -5;
            ASSERT_EQ(getrs(h, t, A, pivot, B, &info), OMPB_STATUS_SUCCESS)
                << ompbGetLastErrorMessage(h);
            EXPECT_EQ(info, 0);
            EXPECT_TRUE(A.unchanged()) << "A or its pivots were written";
            B.expect_padding_untouched(false, false);
            for (int k = 0; k < count; ++k)
              EXPECT_LT(solve_residual(op(op_char(t), dense(n, n, a[k])), dense(n, nrhs, B.get(k)),
                                       dense(n, nrhs, b[k])),
                        30.0)
                  << "matrix " << k;
          }
    }
}

/// getrs applies every pivot in 1..n as LAPACK's laswp does, one naming a row above k too:
/// with L = U = I, X is B with its rows interchanged, exactly. Also with pivots all at or below
/// their row (as getrf gives them), which the host's lanes take by selects in registers.
TYPED_TEST(Solvers, GetrsInterchangesRowsAsLaswp) {
  using T = TypeParam;
  std::mt19937_64 rng(37);
  const int n = 5, nrhs = 2, count = 37;
  std::vector<T> eye(n * n, T(0));
  for (int i = 0; i < n; ++i) eye[i + i * n] = T(1);
  for (bool downward : {false, true}) {
    std::vector<std::vector<int>> piv(count, std::vector<int>(n));
    std::vector<std::vector<T>> b(count);
    for (int k = 0; k < count; ++k) {
      for (int s = 0; s < n; ++s)
        piv[k][s] = std::uniform_int_distribution<int>(downward ? s + 1 : 1, n)(rng);
      b[k] = random_matrix<T>(n, nrhs, rng);
    }
    for (ompbBackend_t backend : test_backends())
      for (Layout layout : all_layouts())
        for (ompbOperation_t t : {OMPB_OP_N, OMPB_OP_T}) {
          SCOPED_TRACE(fmt::format("{}/{} trans={} downward={}", backend_name(backend),
                                   layout_name(layout), op_char(t), downward));
          Handle h(backend);
          Batch<T> A(layout, n, n, count), B(layout, n, nrhs, count);
          for (int k = 0; k < count; ++k) {
            A.set(k, eye);
            for (int s = 0; s < n; ++s) A.piv()[A.pindex(k, s)] = piv[k][s];
            B.set(k, b[k]);
          }
          int info = -5;
          ASSERT_EQ(getrs(h, t, A, true, B, &info), OMPB_STATUS_SUCCESS)
              << ompbGetLastErrorMessage(h);
          for (int k = 0; k < count; ++k) {
            std::vector<T> x = b[k];
            for (int s = 0; s < n; ++s) {
              const int r = t == OMPB_OP_N ? s : n - 1 - s, p = piv[k][r] - 1;
              for (int j = 0; j < nrhs; ++j) std::swap(x[r + j * n], x[p + j * n]);
            }
            EXPECT_EQ(B.get(k), x) << "matrix " << k;
          }
        }
  }
}

/// getri (from getrf's output) and matinv (from A): ||I - A inv(A)|| / (n ||A|| ||inv(A)|| eps)
/// < 30; A untouched; a singular matrix reports info = k and spares its neighbours.
TYPED_TEST(Solvers, InversesAreAccurateAndSingularIsReported) {
  using T = TypeParam;
  std::mt19937_64 rng(41);
  const std::pair<int, int> cases[] = {{1, 3}, {2, 5}, {3, 4}, {4, 7},  {5, 67},
                                       {6, 3}, {7, 4}, {8, 5}, {17, 5}, {40, 2}};
  for (auto [n, count] : cases) {
    std::vector<std::vector<T>> a(count);
    for (auto &x : a) x = random_matrix<T>(n, n, rng);
    const int bad = count > 2 ? 1 : -1;  // a matrix with a zero last column: info = n
    if (bad >= 0)
      for (int i = 0; i < n; ++i) a[bad][i + (n - 1) * n] = T(0);
    for (ompbBackend_t backend : test_backends())
      for (Layout layout : all_layouts())
        for (bool via_getri : {true, false}) {
          SCOPED_TRACE(fmt::format("{}/{} n={} batch={} {}", backend_name(backend),
                                   layout_name(layout), n, count, via_getri ? "getri" : "matinv"));
          Handle h(backend);
          Batch<T> A(layout, n, n, count), C(layout, n, n, count);
          for (int k = 0; k < count; ++k) A.set(k, a[k]);
          if (via_getri) {
            ASSERT_EQ(A.getrf(h), OMPB_STATUS_SUCCESS);
          }
          A.snapshot();
          C.snapshot();
          ASSERT_EQ(via_getri ? getri(h, A, true, C) : matinv(h, A, C), OMPB_STATUS_SUCCESS)
              << ompbGetLastErrorMessage(h);
          EXPECT_TRUE(A.unchanged()) << "A was written";
          C.expect_padding_untouched(false, true);
          for (int k = 0; k < count; ++k) {
            if (k == bad) {
              EXPECT_EQ(C.info()[k], n);
              continue;
            }
            EXPECT_EQ(C.info()[k], 0);
            EXPECT_LT(inverse_residual(dense(n, n, a[k]), dense(n, n, C.get(k))), 30.0)
                << "matrix " << k;
          }
        }
  }
}

/// getri of factors computed without pivoting.
TYPED_TEST(Solvers, GetriWithoutPivots) {
  using T = TypeParam;
  const int n = 6, count = 9;
  std::mt19937_64 rng(43);
  const std::vector<std::vector<T>> a = dominant_matrices<T>(n, count, rng);
  for (ompbBackend_t backend : test_backends())
    for (Layout layout : all_layouts()) {
      SCOPED_TRACE(fmt::format("{}/{}", backend_name(backend), layout_name(layout)));
      Handle h(backend);
      Batch<T> A(layout, n, n, count), C(layout, n, n, count);
      for (int k = 0; k < count; ++k) A.set(k, a[k]);
      ASSERT_EQ(A.getrf(h, false), OMPB_STATUS_SUCCESS);
      ASSERT_EQ(getri(h, A, false, C), OMPB_STATUS_SUCCESS);
      for (int k = 0; k < count; ++k) {
        EXPECT_EQ(C.info()[k], 0);
        EXPECT_LT(inverse_residual(dense(n, n, a[k]), dense(n, n, C.get(k))), 30.0);
      }
    }
}

/// potrf, lower and upper: info equal to LAPACK's, the factor close to LAPACK's, the
/// reconstruction residual < 30, the other triangle untouched; a matrix that is not positive
/// definite in the middle of the batch stops at LAPACK's k and spares its neighbours. Orders
/// on both kernel widths of interleaved batches (kPotrfBlockLanesMax: 128 in double), on both
/// sides of the one wide pass (kPotrfWidePassMax: 31; at 32 over more than two blocks and
/// chunks, which prefetch the next), of the panels' form (kPotrfBlockedMin: 192, in single 256)
/// of the orders whose complex packed chunks run the solver width (kPotrfPackedNarrowMin..Max:
/// 7..10; 8 inside, 3 and 17 outside), of the complex kernel's values kept apart
/// (kPotrfApartMin: 24 in GCC builds) and of the packs' triangle (kTrianglePackBytesMin: 4 KiB
/// a matrix; whole at 31 / 17 / 17 / 8, the triangle at 32 / 31 / 31 / 17 in S / D / C / Z).
TYPED_TEST(Solvers, PotrfMatchesLapack) {
  using T = TypeParam;
  std::mt19937_64 rng(51);
  for (auto [n, count] : {std::pair{1, 3},
                          {3, 5},
                          {8, 67},
                          {17, 5},
                          {31, 3},
                          {32, 35},
                          {33, 3},
                          {70, 17},
                          {129, 2},
                          {200, 3},
                          {257, 2}}) {
    std::vector<std::vector<T>> a(count);
    for (auto &x : a) x = random_hpd<T>(n, rng);
    const int bad = count / 2;  // indefinite from row k = n/2 + 1 on
    const int kbad = n / 2;
    a[bad][kbad + kbad * n] = T(real_t<T>(-1));
    for (ompbBackend_t backend : test_backends())
      for (Layout layout : all_layouts())
        for (ompbFillMode_t uplo : {OMPB_FILL_MODE_LOWER, OMPB_FILL_MODE_UPPER}) {
          const char u = uplo == OMPB_FILL_MODE_LOWER ? 'L' : 'U';
          SCOPED_TRACE(fmt::format("{}/{} n={} batch={} uplo={}", backend_name(backend),
                                   layout_name(layout), n, count, u));
          Handle h(backend);
          Batch<T> A(layout, n, n, count);
          for (int k = 0; k < count; ++k) A.set(k, a[k]);
          A.snapshot();
          ASSERT_EQ(potrf(h, uplo, A), OMPB_STATUS_SUCCESS) << ompbGetLastErrorMessage(h);
          A.expect_padding_untouched(false, true);
          for (int k = 0; k < count; ++k) {
            std::vector<T> ref = a[k];
            const int rinfo = ompbatch::reference::potrf(u, n, ref.data(), n);
            EXPECT_EQ(A.info()[k], rinfo) << "matrix " << k;
            const std::vector<T> got = A.get(k);
            Dense<T> F(n, n);  // the factor: L, or U
            for (int j = 0; j < n; ++j)
              for (int i = 0; i < n; ++i) {
                const bool mine = in_triangle(u == 'L', i, j);
                if (!mine)  // the other triangle is not touched
                  EXPECT_EQ(std::memcmp(&got[i + j * n], &a[k][i + j * n], sizeof(T)), 0);
                else
                  F(i, j) = got[i + j * n];
              }
            if (rinfo != 0) continue;
            const Dense<T> R(n, n, ref.data()), A0(n, n, a[k].data());
            double diff = 0;
            for (int j = 0; j < n; ++j)
              for (int i = 0; i < n; ++i)
                if (in_triangle(u == 'L', i, j)) diff = std::max(diff, std::abs(F(i, j) - R(i, j)));
            EXPECT_LT(diff, 100 * n * eps<T>() * A0.norm1()) << "matrix " << k;
            const Dense<T> LLH = u == 'L' ? F * op('C', F) : op('C', F) * F;
            EXPECT_LT((A0 - LLH).norm1() / (n * A0.norm1() * eps<T>()), 30.0) << "matrix " << k;
          }
          EXPECT_EQ(A.info()[bad], kbad + 1);
        }
  }
}

/// potrs from potrf's factor: ||B - A X|| / (n ||A|| ||X|| eps) < 30, any nrhs; neither potrf
/// nor potrs reads the other triangle (NaN).
TYPED_TEST(Solvers, PotrsBackwardErrorIsSmall) {
  using T = TypeParam;
  std::mt19937_64 rng(61);
  for (auto [n, nrhs, count] : {std::tuple{1, 2, 3},
                                {4, 1, 67},
                                {8, 6, 35},
                                {9, 3, 5},
                                {10, 1, 35},
                                {12, 2, 35},
                                {20, 5, 3},
                                {40, 3, 11}}) {
    std::vector<std::vector<T>> a(count), b(count);
    for (int k = 0; k < count; ++k) {
      a[k] = random_hpd<T>(n, rng);
      b[k] = random_matrix<T>(n, nrhs, rng);
    }
    for (ompbBackend_t backend : test_backends())
      for (Layout layout : all_layouts())
        for (ompbFillMode_t uplo : {OMPB_FILL_MODE_LOWER, OMPB_FILL_MODE_UPPER}) {
          SCOPED_TRACE(fmt::format("{}/{} n={} nrhs={} uplo={}", backend_name(backend),
                                   layout_name(layout), n, nrhs, int(uplo)));
          Handle h(backend);
          Batch<T> A(layout, n, n, count), B(layout, n, nrhs, count);
          for (int k = 0; k < count; ++k) {
            A.set(k, nan_outside(uplo, false, n, a[k]));
            B.set(k, b[k]);
          }
          ASSERT_EQ(potrf(h, uplo, A), OMPB_STATUS_SUCCESS);
          A.snapshot();
          B.snapshot();
          int info = -5;
          ASSERT_EQ(potrs(h, uplo, A, B, &info), OMPB_STATUS_SUCCESS) << ompbGetLastErrorMessage(h);
          EXPECT_EQ(info, 0);
          EXPECT_TRUE(A.unchanged());
          B.expect_padding_untouched(false, false);
          for (int k = 0; k < count; ++k)
            EXPECT_LT(
                solve_residual(dense(n, n, a[k]), dense(n, nrhs, B.get(k)), dense(n, nrhs, b[k])),
                30.0);
        }
  }
}

/// Interleaved batches whose last chunk of lanes is partial, after whole blocks or after a
/// whole chunk of its own block (the host runs A in place from lanes before it, Place in
/// simd/lanes.hpp), and alone in one block: getrs (A and pivots read, B written), getri and
/// matinv (info and C written), potrs; residuals < 30, A, pivots and padding untouched.
TYPED_TEST(Solvers, PartialInterleavedChunks) {
  using T = TypeParam;
  std::mt19937_64 rng(71);
  for (int width : {8, 16, 32})
    for (auto [n, count] : {std::pair{5, 5}, {5, 13}, {5, 43}, {20, 13}, {20, 27}, {20, 43}}) {
      const int nrhs = 2;
      std::vector<std::vector<T>> a(count), h(count), b(count);
      for (int k = 0; k < count; ++k) {
        a[k] = random_matrix<T>(n, n, rng);
        h[k] = random_hpd<T>(n, rng);
        b[k] = random_matrix<T>(n, nrhs, rng);
      }
      const int singular = count - 1;  // the last matrix's first column is zero: info 1
      for (int i = 0; i < n; ++i) a[singular][i] = T(0);
      for (ompbBackend_t backend : test_backends()) {
        SCOPED_TRACE(
            fmt::format("{} width={} n={} batch={}", backend_name(backend), width, n, count));
        Handle hd(backend);
        Batch<T> A(Layout::interleaved, n, n, count, width),
            B(Layout::interleaved, n, nrhs, count, width);
        Batch<T> C(Layout::interleaved, n, n, count, width),
            D(Layout::interleaved, n, n, count, width);
        Batch<T> H(Layout::interleaved, n, n, count, width),
            E(Layout::interleaved, n, nrhs, count, width);
        for (int k = 0; k < count; ++k) {
          A.set(k, a[k]);
          B.set(k, b[k]);
          H.set(k, h[k]);
          E.set(k, b[k]);
        }
        ASSERT_EQ(A.getrf(hd, true), OMPB_STATUS_SUCCESS);
        ASSERT_EQ(potrf(hd, OMPB_FILL_MODE_LOWER, H), OMPB_STATUS_SUCCESS);
        for (Batch<T> *x : {&A, &B, &C, &D, &H, &E}) x->snapshot();
        int info = -5, info2 = -5;
        ASSERT_EQ(getrs(hd, OMPB_OP_N, A, true, B, &info), OMPB_STATUS_SUCCESS);
        ASSERT_EQ(getri(hd, A, true, C), OMPB_STATUS_SUCCESS);
        ASSERT_EQ(matinv(hd, A, D), OMPB_STATUS_SUCCESS);  // the inverse of the LU's storage
        ASSERT_EQ(potrs(hd, OMPB_FILL_MODE_LOWER, H, E, &info2), OMPB_STATUS_SUCCESS);
        EXPECT_EQ(info, 0);
        EXPECT_EQ(info2, 0);
        EXPECT_TRUE(A.unchanged()) << "A or its pivots were written";
        EXPECT_TRUE(H.unchanged());
        B.expect_padding_untouched(false, false);
        C.expect_padding_untouched(false, true);
        D.expect_padding_untouched(false, true);
        E.expect_padding_untouched(false, false);
        for (int k = 0; k < count; ++k) {
          EXPECT_EQ(C.info()[k], k == singular ? 1 : 0) << "getri, matrix " << k;
          EXPECT_EQ(D.info()[k], k == singular ? 1 : 0) << "matinv, matrix " << k;
          if (k != singular) {
            EXPECT_LT(
                solve_residual(dense(n, n, a[k]), dense(n, nrhs, B.get(k)), dense(n, nrhs, b[k])),
                30.0)
                << "getrs, matrix " << k;
            EXPECT_LT(inverse_residual(dense(n, n, a[k]), dense(n, n, C.get(k))), 30.0)
                << "getri, matrix " << k;
            const std::vector<T> lu = A.get(k);
            EXPECT_LT(inverse_residual(dense(n, n, lu), dense(n, n, D.get(k))), 30.0)
                << "matinv, matrix " << k;
          }
          EXPECT_LT(
              solve_residual(dense(n, n, h[k]), dense(n, nrhs, E.get(k)), dense(n, nrhs, b[k])),
              30.0)
              << "potrs, matrix " << k;
        }
      }
    }
}

/// trsm, all 16 side/uplo/trans/diag combinations and alpha: op(A) X = alpha B (left) or
/// X op(A) = alpha B (right) to a residual < 30; alpha = 0 gives B = 0. A's elements trsm does
/// not read are NaN.
TYPED_TEST(Solvers, TrsmEveryCombination) {
  using T = TypeParam;
  std::mt19937_64 rng(71);
  T alpha = T(real_t<T>(0.75));
  if constexpr (is_complex<T>) alpha = T(0.75, -0.5);
  // B m x n: a column (left) or a row (right) at a time in registers on the host's lanes for
  // one of them to order 10 (trsm_by_columns: 6 x 1 left, 1 x 9 right), the tiles past it; 67
  // matrices fill whole chunks of every lane width (11 run a partial one only, in single);
  // triangles of order 40 (left) and 36 (right) are packed without the part trsm does not read
  for (auto [m, n, count] :
       {std::tuple{7, 5, 11}, {6, 1, 67}, {1, 9, 67}, {11, 1, 11}, {40, 3, 11}, {2, 36, 11}})
    for (ompbBackend_t backend : test_backends())
      for (Layout layout : all_layouts())
        for (ompbSideMode_t side : {OMPB_SIDE_LEFT, OMPB_SIDE_RIGHT})
          for (ompbFillMode_t uplo : {OMPB_FILL_MODE_LOWER, OMPB_FILL_MODE_UPPER})
            for (ompbOperation_t t : {OMPB_OP_N, OMPB_OP_T, OMPB_OP_C})
              for (ompbDiagType_t diag : {OMPB_DIAG_NON_UNIT, OMPB_DIAG_UNIT})
                for (T al : {alpha, T(0)}) {
                  const int k = side == OMPB_SIDE_LEFT ? m : n;
                  SCOPED_TRACE(fmt::format("{}/{} {}x{} side={} uplo={} trans={} diag={} alpha0={}",
                                           backend_name(backend), layout_name(layout), m, n,
                                           int(side), int(uplo), op_char(t), int(diag),
                                           al == T(0)));
                  Handle h(backend);
                  Batch<T> A(layout, k, k, count), B(layout, m, n, count);
                  std::vector<std::vector<T>> a(count), b(count);
                  for (int q = 0; q < count; ++q) {
                    a[q] = random_matrix<T>(k, k, rng);
                    ompbatch::testing::add_to_diagonal(k, a[q].data(), k);
                    b[q] = random_matrix<T>(m, n, rng);
                    A.set(q, nan_outside(uplo, diag == OMPB_DIAG_UNIT, k, a[q]));
                    B.set(q, b[q]);
                  }
                  A.snapshot();
                  B.snapshot();
                  ASSERT_EQ(trsm(h, side, uplo, t, diag, al, A, B), OMPB_STATUS_SUCCESS)
                      << ompbGetLastErrorMessage(h);
                  EXPECT_TRUE(A.unchanged());
                  B.expect_padding_untouched(false, false);
                  for (int q = 0; q < count; ++q) {
                    const Dense<T> A0(k, k, a[q].data());
                    Dense<T> T_(k, k);  // the triangle trsm uses
                    for (int j = 0; j < k; ++j)
                      for (int i = 0; i < k; ++i) {
                        const bool in = in_triangle(uplo == OMPB_FILL_MODE_LOWER, i, j);
                        T_(i, j) = i == j && diag == OMPB_DIAG_UNIT ? 1.0 : in ? A0(i, j) : 0.0;
                      }
                    const Dense<T> X = dense(m, n, B.get(q));
                    Dense<T> aB = dense(m, n, b[q]);
                    for (auto &x : aB.a) x *= ompbatch::testing::wide_t<T>(al);
                    if (al == T(0)) {
                      EXPECT_EQ(X.norm1(), 0.0);
                      continue;
                    }
                    const Dense<T> opA = op(op_char(t), T_);
                    const Dense<T> AX = side == OMPB_SIDE_LEFT ? opA * X : X * opA;
                    const double r = (aB - AX).norm1() / (k * opA.norm1() * X.norm1() * eps<T>());
                    EXPECT_LT(r, 30.0) << "matrix " << q;
                  }
                }
}

/// count matrices of n = 600 are correct after matinv, getrf, getrs, potrf and potrs on every
/// backend and host path.
template <class T>
void check_large_matrices(int count) {
  const int n = 600, nrhs = 2;
  std::mt19937_64 rng(91);
  std::vector<std::vector<T>> a(count), spd(count), b(count);
  for (int k = 0; k < count; ++k) {
    a[k] = random_matrix<T>(n, n, rng);
    spd[k] = random_hpd<T>(n, rng);
    b[k] = random_matrix<T>(n, nrhs, rng);
  }
  for (ompbBackend_t backend : test_backends()) {
    SCOPED_TRACE(backend_name(backend));
    Handle h(backend);
    Batch<T> A(Layout::strided, n, n, count), B(Layout::strided, n, nrhs, count),
        C(Layout::strided, n, n, count);
    Batch<T> S(Layout::strided, n, n, count), BS(Layout::strided, n, nrhs, count);
    for (int k = 0; k < count; ++k) {
      A.set(k, a[k]);
      B.set(k, b[k]);
      S.set(k, spd[k]);
      BS.set(k, b[k]);
    }
    ASSERT_EQ(matinv(h, A, C), OMPB_STATUS_SUCCESS);
    ASSERT_EQ(A.getrf(h), OMPB_STATUS_SUCCESS);
    int info = -1;
    ASSERT_EQ(getrs(h, OMPB_OP_N, A, true, B, &info), OMPB_STATUS_SUCCESS);
    ASSERT_EQ(potrf(h, OMPB_FILL_MODE_UPPER, S), OMPB_STATUS_SUCCESS);
    ASSERT_EQ(potrs(h, OMPB_FILL_MODE_UPPER, S, BS, &info), OMPB_STATUS_SUCCESS);
    for (int k = 0; k < count; ++k) {
      EXPECT_EQ(C.info()[k], 0);
      EXPECT_EQ(S.info()[k], 0);
      EXPECT_LT(inverse_residual(dense(n, n, a[k]), dense(n, n, C.get(k))), 30.0);
      EXPECT_LT(solve_residual(dense(n, n, a[k]), dense(n, nrhs, B.get(k)), dense(n, nrhs, b[k])),
                30.0);
      EXPECT_LT(
          solve_residual(dense(n, n, spd[k]), dense(n, nrhs, BS.get(k)), dense(n, nrhs, b[k])),
          30.0);
    }
  }
}

/// n = 600 works and is correct: on the host's lanes (OMPBATCH_HOST_PATH=lanes) potrf by
/// panels, getrf (matinv's and getrf's own) and the inverse's triangular solve by blocks; the
/// vendor path; the offload kernels.
TYPED_TEST(Solvers, LargeMatricesAreCorrect) {
  check_large_matrices<TypeParam>(2);
}

/// One matrix of 600: where threads_inside (simd/dispatch.hpp) says so, the vendor path runs it on
/// OpenBLAS's threads (with 2 threads matinv and getrs, and getrf and potrf in AVX2 builds).
TYPED_TEST(Solvers, OneLargeMatrixIsCorrect) {
  check_large_matrices<TypeParam>(1);
}

/// KokkosBatched's getrf/getrs example: A = [1 2 3; 2 -4 6; 3 -9 -3], b = [1 1 1], batch of 10.
TEST(WorkedExample, KokkosGetrfGetrs) {
  const double a[9] = {1, 2, 3, 2, -4, -9, 3, 6, -3};  // column-major
  const double x[3] = {23.0 / 32, 1.0 / 8, 1.0 / 96};
  const int count = 10;
  for (ompbBackend_t backend : test_backends())
    for (Layout layout : all_layouts()) {
      SCOPED_TRACE(fmt::format("{}/{}", backend_name(backend), layout_name(layout)));
      Handle h(backend);
      Batch<double> A(layout, 3, 3, count), B(layout, 3, 1, count);
      for (int k = 0; k < count; ++k) {
        A.set(k, std::vector<double>(a, a + 9));
        B.set(k, {1, 1, 1});
      }
      ASSERT_EQ(A.getrf(h), OMPB_STATUS_SUCCESS);
      int info = -1;
      ASSERT_EQ(getrs(h, OMPB_OP_N, A, true, B, &info), OMPB_STATUS_SUCCESS);
      EXPECT_EQ(info, 0);
      for (int k = 0; k < count; ++k)
        for (int i = 0; i < 3; ++i) EXPECT_NEAR(B.get(k)[i], x[i], 1e-12) << "matrix " << k;
    }
}

/// The host info of getrs/potrs is -j for the first invalid argument j (the handle is 1), in
/// every form; the call writes nothing else.
TEST(SolverArguments, GetrsAndPotrsReportTheArgumentPosition) {
  Handle h;
  const int n = 3, count = 4;
  Batch<double> Ap(Layout::pointer_array, n, n, count), Bp(Layout::pointer_array, n, 2, count);
  Batch<double> As(Layout::strided, n, n, count), Bs(Layout::strided, n, 2, count);
  Batch<double> Ai(Layout::interleaved, n, n, count), Bi(Layout::interleaved, n, 2, count);
  for (auto *b : {&Ap, &Bp, &As, &Bs, &Ai, &Bi}) b->snapshot();
  const auto ap = Ap.cptrs();
  struct Case {
    const char *what;
    int expect;
    std::function<ompbStatus_t(int *)> call;
  };
  const std::vector<Case> cases = {
      {"getrs n", -3,
       [&](int *i) {
         return ompbDgetrsBatched(h, OMPB_OP_N, -1, 2, ap.data(), n + 2, Ap.piv(), Bp.ptrs(), n + 2,
                                  i, count);
       }},
      {"getrs nrhs", -4,
       [&](int *i) {
         return ompbDgetrsBatched(h, OMPB_OP_N, n, -1, ap.data(), n + 2, Ap.piv(), Bp.ptrs(), n + 2,
                                  i, count);
       }},
      {"getrs Aarray", -5,
       [&](int *i) {
         return ompbDgetrsBatched(h, OMPB_OP_N, n, 2, nullptr, n + 2, Ap.piv(), Bp.ptrs(), n + 2, i,
                                  count);
       }},
      {"getrs lda", -6,
       [&](int *i) {
         return ompbDgetrsBatched(h, OMPB_OP_N, n, 2, ap.data(), 2, Ap.piv(), Bp.ptrs(), n + 2, i,
                                  count);
       }},
      {"getrs Barray", -8,
       [&](int *i) {
         return ompbDgetrsBatched(h, OMPB_OP_N, n, 2, ap.data(), n + 2, Ap.piv(), nullptr, n + 2, i,
                                  count);
       }},
      {"getrs ldb", -9,
       [&](int *i) {
         return ompbDgetrsBatched(h, OMPB_OP_N, n, 2, ap.data(), n + 2, Ap.piv(), Bp.ptrs(), 1, i,
                                  count);
       }},
      {"getrs batch", -11,
       [&](int *i) {
         return ompbDgetrsBatched(h, OMPB_OP_N, n, 2, ap.data(), n + 2, Ap.piv(), Bp.ptrs(), n + 2,
                                  i, -1);
       }},
      {"getrs strideA", -7,
       [&](int *i) {
         return ompbDgetrsStridedBatched(h, OMPB_OP_N, n, 2, As.data(), As.ld(), 4, As.piv(),
                                         As.pstride(), Bs.data(), Bs.ld(), Bs.stride(), i, count);
       }},
      {"getrs strideP", -9,
       [&](int *i) {
         return ompbDgetrsStridedBatched(h, OMPB_OP_N, n, 2, As.data(), As.ld(), As.stride(),
                                         As.piv(), 1, Bs.data(), Bs.ld(), Bs.stride(), i, count);
       }},
      {"getrs strideB", -12,
       [&](int *i) {
         return ompbDgetrsStridedBatched(h, OMPB_OP_N, n, 2, As.data(), As.ld(), As.stride(),
                                         As.piv(), As.pstride(), Bs.data(), Bs.ld(), 3, i, count);
       }},
      {"getrs strided batch", -14,
       [&](int *i) {
         return ompbDgetrsStridedBatched(h, OMPB_OP_N, n, 2, As.data(), As.ld(), As.stride(),
                                         As.piv(), As.pstride(), Bs.data(), Bs.ld(), Bs.stride(), i,
                                         -3);
       }},
      {"getrs width", -7,
       [&](int *i) {
         return ompbDgetrsInterleavedBatched(h, OMPB_OP_N, n, 2, Ai.data(), Ai.ld(), 0, Ai.piv(),
                                             Bi.data(), Bi.ld(), i, count);
       }},
      {"getrs interleaved ldb", -10,
       [&](int *i) {
         return ompbDgetrsInterleavedBatched(h, OMPB_OP_N, n, 2, Ai.data(), Ai.ld(), 8, Ai.piv(),
                                             Bi.data(), 2, i, count);
       }},
      {"potrs ldb", -8,
       [&](int *i) {
         return ompbDpotrsBatched(h, OMPB_FILL_MODE_LOWER, n, 2, ap.data(), n + 2, Bp.ptrs(), 2, i,
                                  count);
       }},
      {"potrs strideB", -10,
       [&](int *i) {
         return ompbDpotrsStridedBatched(h, OMPB_FILL_MODE_LOWER, n, 2, As.data(), As.ld(),
                                         As.stride(), Bs.data(), Bs.ld(), 1, i, count);
       }},
      {"potrs width", -7,
       [&](int *i) {
         return ompbDpotrsInterleavedBatched(h, OMPB_FILL_MODE_LOWER, n, 2, Ai.data(), Ai.ld(), -2,
                                             Bi.data(), Bi.ld(), i, count);
       }},
      {"potrs batch", -11,
       [&](int *i) {
         return ompbDpotrsInterleavedBatched(h, OMPB_FILL_MODE_LOWER, n, 2, Ai.data(), Ai.ld(), 8,
                                             Bi.data(), Bi.ld(), i, -1);
       }},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.what);
    int info = 12345;
    EXPECT_EQ(c.call(&info), OMPB_STATUS_INVALID_VALUE);
    EXPECT_EQ(info, c.expect) << ompbGetLastErrorMessage(h);
    EXPECT_EQ(c.call(nullptr), OMPB_STATUS_INVALID_VALUE);  // info itself NULL
    for (auto *b : {&Ap, &Bp, &As, &Bs, &Ai, &Bi}) EXPECT_TRUE(b->unchanged());
  }
  int info = 7;
  EXPECT_EQ(ompbDgetrsBatched(nullptr, OMPB_OP_N, n, 2, ap.data(), n + 2, Ap.piv(), Bp.ptrs(),
                              n + 2, &info, count),
            OMPB_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(info, -1);
  // nrhs = 0, n = 0, batch = 0: success, info = 0, nothing written
  for (auto [nn, nrhs, batch] : {std::tuple{n, 0, count}, {0, 2, count}, {n, 2, 0}}) {
    info = 7;
    EXPECT_EQ(ompbDgetrsBatched(h, OMPB_OP_N, nn, nrhs, ap.data(), n + 2, Ap.piv(), Bp.ptrs(),
                                n + 2, &info, batch),
              OMPB_STATUS_SUCCESS);
    EXPECT_EQ(info, 0);
    info = 7;
    EXPECT_EQ(ompbDpotrsBatched(h, OMPB_FILL_MODE_UPPER, nn, nrhs, ap.data(), n + 2, Bp.ptrs(),
                                n + 2, &info, batch),
              OMPB_STATUS_SUCCESS);
    EXPECT_EQ(info, 0);
    for (auto *b : {&Ap, &Bp}) EXPECT_TRUE(b->unchanged());
  }
}

/// Every other routine rejects bad arguments with INVALID_VALUE and writes nothing.
TEST(SolverArguments, InvalidCallsWriteNothing) {
  Handle h;
  const int n = 3, count = 4;
  Batch<double> Ap(Layout::pointer_array, n, n, count), Cp(Layout::pointer_array, n, n, count);
  Batch<double> As(Layout::strided, n, n, count), Cs(Layout::strided, n, n, count);
  Batch<double> Ai(Layout::interleaved, n, n, count), Ci(Layout::interleaved, n, n, count);
  std::mt19937_64 rng(3);
  for (auto *b : {&Ap, &Cp, &As, &Cs, &Ai, &Ci}) {
    for (int k = 0; k < count; ++k) b->set(k, random_matrix<double>(n, n, rng));
    b->snapshot();
  }
  const auto ap = Ap.cptrs();
  const double one = 1;
  struct Case {
    const char *what, *message;
    std::function<ompbStatus_t()> call;
  };
  const std::vector<Case> cases = {
      {"getri ldc", "ompbDgetriBatched: ldc (2) < max(1,n) (3)",
       [&] {
         return ompbDgetriBatched(h, n, ap.data(), n + 2, Ap.piv(), Cp.ptrs(), 2, Cp.info(), count);
       }},
      {"getri info", "infoArray is NULL",
       [&] {
         return ompbDgetriBatched(h, n, ap.data(), n + 2, Ap.piv(), Cp.ptrs(), n + 2, nullptr,
                                  count);
       }},
      {"getri strideC", "strideC (5) < ldc*n",
       [&] {
         return ompbDgetriStridedBatched(h, n, As.data(), As.ld(), As.stride(), As.piv(),
                                         As.pstride(), Cs.data(), Cs.ld(), 5, Cs.info(), count);
       }},
      {"getri width", "width (0) < 1",
       [&] {
         return ompbDgetriInterleavedBatched(h, n, Ai.data(), Ai.ld(), 0, Ai.piv(), Ci.data(),
                                             Ci.ld(), Ci.info(), count);
       }},
      {"matinv lda_inv", "ompbDmatinvBatched: lda_inv (1) < max(1,n) (3)",
       [&] { return ompbDmatinvBatched(h, n, ap.data(), n + 2, Cp.ptrs(), 1, Cp.info(), count); }},
      {"matinv Ainv NULL", "Ainv is NULL",
       [&] {
         return ompbDmatinvStridedBatched(h, n, As.data(), As.ld(), As.stride(), nullptr, Cs.ld(),
                                          Cs.stride(), Cs.info(), count);
       }},
      {"matinv strideAinv", "strideAinv (2) <",
       [&] {
         return ompbDmatinvStridedBatched(h, n, As.data(), As.ld(), As.stride(), Cs.data(), Cs.ld(),
                                          2, Cs.info(), count);
       }},
      {"potrf lda", "lda (1) < max(1,n) (3)",
       [&] {
         return ompbDpotrfStridedBatched(h, OMPB_FILL_MODE_LOWER, n, As.data(), 1, As.stride(),
                                         As.info(), count);
       }},
      {"potrf info", "infoArray is NULL",
       [&] {
         return ompbDpotrfInterleavedBatched(h, OMPB_FILL_MODE_LOWER, n, Ai.data(), Ai.ld(), 8,
                                             nullptr, count);
       }},
      {"potrf n", "n (-1) < 0",
       [&] {
         return ompbDpotrfBatched(h, OMPB_FILL_MODE_LOWER, -1, Ap.ptrs(), n + 2, Ap.info(), count);
       }},
      {"trsm alpha", "alpha is NULL",
       [&] {
         return ompbDtrsmStridedBatched(h, OMPB_SIDE_LEFT, OMPB_FILL_MODE_LOWER, OMPB_OP_N,
                                        OMPB_DIAG_UNIT, n, n, nullptr, As.data(), As.ld(),
                                        As.stride(), Cs.data(), Cs.ld(), Cs.stride(), count);
       }},
      {"trsm lda right", "lda (2) < max(1,n) (3)",
       [&] {
         return ompbDtrsmStridedBatched(h, OMPB_SIDE_RIGHT, OMPB_FILL_MODE_LOWER, OMPB_OP_N,
                                        OMPB_DIAG_UNIT, 1, n, &one, As.data(), 2, As.stride(),
                                        Cs.data(), Cs.ld(), Cs.stride(), count);
       }},
      {"trsm ldb", "ldb (1) < max(1,m) (3)",
       [&] {
         return ompbDtrsmInterleavedBatched(h, OMPB_SIDE_LEFT, OMPB_FILL_MODE_UPPER, OMPB_OP_T,
                                            OMPB_DIAG_UNIT, n, n, &one, Ai.data(), Ai.ld(), 8,
                                            Ci.data(), 1, count);
       }},
      {"trsm batch", "batchSize (-1) < 0",
       [&] {
         return ompbDtrsmBatched(h, OMPB_SIDE_LEFT, OMPB_FILL_MODE_LOWER, OMPB_OP_N, OMPB_DIAG_UNIT,
                                 n, n, &one, ap.data(), n + 2, Cp.ptrs(), n + 2, -1);
       }},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.what);
    EXPECT_EQ(c.call(), OMPB_STATUS_INVALID_VALUE);
    EXPECT_NE(std::string(ompbGetLastErrorMessage(h)).find(c.message), std::string::npos)
        << ompbGetLastErrorMessage(h);
    for (auto *b : {&Ap, &Cp, &As, &Cs, &Ai, &Ci}) EXPECT_TRUE(b->unchanged());
  }
  // empty calls succeed and write nothing
  EXPECT_EQ(ompbDgetriBatched(h, 0, ap.data(), n + 2, Ap.piv(), Cp.ptrs(), n + 2, Cp.info(), count),
            OMPB_STATUS_SUCCESS);
  EXPECT_EQ(ompbDmatinvBatched(h, n, ap.data(), n + 2, Cp.ptrs(), n + 2, Cp.info(), 0),
            OMPB_STATUS_SUCCESS);
  EXPECT_EQ(ompbDpotrfBatched(h, OMPB_FILL_MODE_UPPER, 0, Ap.ptrs(), n + 2, Ap.info(), count),
            OMPB_STATUS_SUCCESS);
  EXPECT_EQ(ompbDtrsmBatched(h, OMPB_SIDE_LEFT, OMPB_FILL_MODE_LOWER, OMPB_OP_N, OMPB_DIAG_UNIT, 0,
                             n, &one, ap.data(), n + 2, Cp.ptrs(), n + 2, count),
            OMPB_STATUS_SUCCESS);
  EXPECT_EQ(ompbDtrsmBatched(h, OMPB_SIDE_RIGHT, OMPB_FILL_MODE_LOWER, OMPB_OP_N, OMPB_DIAG_UNIT, n,
                             0, &one, ap.data(), n + 2, Cp.ptrs(), n + 2, count),
            OMPB_STATUS_SUCCESS);
  for (auto *b : {&Ap, &Cp}) EXPECT_TRUE(b->unchanged());
}

#ifdef OMPBATCH_HAVE_OFFLOAD
/// Host and offload agree on potrf's info and on getri's info.
TYPED_TEST(Solvers, OffloadMatchesHost) {
  using T = TypeParam;
  const int n = 7, count = 21;
  std::mt19937_64 rng(81);
  for (Layout layout : all_layouts()) {
    SCOPED_TRACE(layout_name(layout));
    Handle host(OMPB_BACKEND_HOST), off(OMPB_BACKEND_OFFLOAD);
    Batch<T> x(layout, n, n, count), y(layout, n, n, count);
    for (int k = 0; k < count; ++k) {
      auto a = random_hpd<T>(n, rng);
      if (k % 5 == 2) a[(k % n) * (n + 1)] = T(real_t<T>(-0.5));  // not positive definite
      x.set(k, a);
      y.set(k, a);
    }
    ASSERT_EQ(potrf(host, OMPB_FILL_MODE_LOWER, x), OMPB_STATUS_SUCCESS);
    ASSERT_EQ(potrf(off, OMPB_FILL_MODE_LOWER, y), OMPB_STATUS_SUCCESS);
    for (int k = 0; k < count; ++k) EXPECT_EQ(x.info()[k], y.info()[k]) << "matrix " << k;
  }
}

/// The team-per-matrix kernels (OffloadShape::team) give bitwise the factors, pivots and infos
/// of the thread-per-matrix ones: getrf square, tall and wide, with and without pivoting; potrf
/// lower and upper with one matrix not positive definite; orders past the team's 128 threads,
/// and on both sides of the largest matrix the team factors in its local copy (TeamMatrix).
/// The blocked shape too, at orders on both sides of its panels' and tiles' widths and of several
/// panels, the potrf matrices stopping inside a block and at its first column; of those only the
/// columns before the stop (the rest is unspecified: the blocked shape has updated them).
template <class T>
class OffloadShapes : public ::testing::Test {};
TYPED_TEST_SUITE(OffloadShapes, Precisions);

/// Whether element (i, j) of a matrix potrf stopped at info (1-based; 0: not stopped) is in its
/// uplo triangle's columns from the stop on (rows, for upper), which the documentation leaves
/// unspecified.
inline bool unspecified(ompbatch::Uplo uplo, int info, int i, int j) {
  const bool lower = uplo == ompbatch::Uplo::lower;
  const int row = lower ? i : j, col = lower ? j : i;
  return info != 0 && row >= col && col >= info - 1;
}

TYPED_TEST(OffloadShapes, TeamAndBlockedFactorsEqualThreadFactorsBitwise) {
  using T = TypeParam;
  using ompbatch::BatchView;
  using ompbatch::OffloadShape;
  namespace off = ompbatch::detail::offload;
  ASSERT_TRUE(ompbatch::Context::offload_usable(omp_get_default_device()));
  std::mt19937_64 rng(91);
  const int count = 5;
  // the largest square order staged, and the next; those of the smaller copies (8 and 16 KiB);
  // the largest order a thread factors in a private copy
  const int staged = int(std::sqrt(double(ompbatch::detail::TeamMatrix<T>::kElements)));
  const int copy8 = int(std::sqrt(8192.0 / sizeof(T))),
            copy16 = int(std::sqrt(16384.0 / sizeof(T)));
  const int nb = off::kBlockColumns, tile = off::kTileColumns;
  const std::vector<std::pair<int, int>> team_sizes{{1, 1},
                                                    {5, 5},
                                                    {8, 8},
                                                    {copy8, copy8},
                                                    {copy8 + 1, copy8 + 1},
                                                    {copy16, copy16},
                                                    {copy16 + 1, copy16 + 1},
                                                    {33, 33},
                                                    {140, 140},
                                                    {40, 9},
                                                    {9, 40},
                                                    {staged, staged},
                                                    {staged + 1, staged + 1}};
  const std::vector<std::pair<int, int>> blocked_sizes{{1, 1},
                                                       {5, 5},
                                                       {nb, nb},
                                                       {nb + 1, nb + 1},
                                                       {2 * nb + 3, 2 * nb + 3},
                                                       {3 * nb, 3 * nb},
                                                       {nb + tile + 1, nb + tile + 1},
                                                       {140, 140},
                                                       {2 * nb + 5, nb + 3},
                                                       {nb + 3, 2 * nb + 5},
                                                       {9, 3 * nb + 1},
                                                       {3 * nb + 1, 9}};
  for (OffloadShape shape : {OffloadShape::team, OffloadShape::blocked}) {
    ompbatch::Context by_thread, by_shape;
    for (auto *c : {&by_thread, &by_shape}) c->set_backend(ompbatch::Backend::offload);
    by_thread.set_offload_shape(OffloadShape::thread);
    by_shape.set_offload_shape(shape);
    const bool blocked = shape == OffloadShape::blocked;
    for (auto [m, n] : blocked ? blocked_sizes : team_sizes)
      for (bool pivot : {true, false}) {
        SCOPED_TRACE(fmt::format("getrf m={} n={} pivot={} shape={}", m, n, pivot, char(shape)));
        const long long size = static_cast<long long>(m) * n, k = std::min(m, n);
        std::vector<T> x;
        for (int b = 0; b < count; ++b) {
          std::vector<T> a = random_matrix<T>(m, n, rng);
          if (b == 1 && k > 2)  // a zero column: the first zero pivot at step k - 2
            for (int i = 0; i < m; ++i) a[(k - 2) * m + i] = T(0);
          x.insert(x.end(), a.begin(), a.end());
        }
        std::vector<T> y = x;
        std::vector<int> px(k * count, -7), py = px, ix(count, -7), iy = ix;
        ompbatch::getrf(by_thread, BatchView<T>::strided(m, n, x.data(), m, size, count),
                        {pivot ? px.data() : nullptr, k}, ix.data());
        ompbatch::getrf(by_shape, BatchView<T>::strided(m, n, y.data(), m, size, count),
                        {pivot ? py.data() : nullptr, k}, iy.data());
        EXPECT_EQ(std::memcmp(x.data(), y.data(), x.size() * sizeof(T)), 0);
        EXPECT_EQ(px, py);
        EXPECT_EQ(ix, iy);
        if (k > 2) EXPECT_EQ(iy[1], k - 1);
      }
    const std::vector<int> team_orders{1,          5,  8,   copy8,  copy8 + 1, copy16,
                                       copy16 + 1, 33, 140, staged, staged + 1};
    const std::vector<int> blocked_orders{1, 5, nb, nb + 1, 2 * nb + 3, 3 * nb, 140};
    for (int n : blocked ? blocked_orders : team_orders)
      for (ompbatch::Uplo uplo : {ompbatch::Uplo::lower, ompbatch::Uplo::upper}) {
        SCOPED_TRACE(fmt::format("potrf n={} uplo={} shape={}", n, char(uplo), char(shape)));
        const long long size = static_cast<long long>(n) * n;
        const int stop3 = std::min(n, nb) - 1;  // matrix 3 stops at a block's first column
        std::vector<T> x;
        for (int b = 0; b < count; ++b) {
          std::vector<T> a = random_hpd<T>(n, rng);
          if (b == 2)
            a[static_cast<long long>(n / 2) * (n + 1)] =
                T(real_t<T>(-1));  // indefinite from n/2 + 1
          if (b == 3 && n > nb) a[static_cast<long long>(nb) * (n + 1)] = T(real_t<T>(-1));
          if (b == 3 && n <= nb) a[static_cast<long long>(stop3) * (n + 1)] = T(real_t<T>(-1));
          x.insert(x.end(), a.begin(), a.end());
        }
        std::vector<T> y = x;
        std::vector<int> ix(count, -7), iy = ix;
        ompbatch::potrf(by_thread, uplo, BatchView<T>::strided(n, n, x.data(), n, size, count),
                        ix.data());
        ompbatch::potrf(by_shape, uplo, BatchView<T>::strided(n, n, y.data(), n, size, count),
                        iy.data());
        EXPECT_EQ(ix, iy);
        EXPECT_EQ(iy[2], n / 2 + 1);
        EXPECT_EQ(iy[3], n > nb ? nb + 1 : stop3 + 1);
        for (int b = 0; b < count; ++b)
          for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) {
              const long long e = b * size + static_cast<long long>(j) * n + i;
              if (blocked && unspecified(uplo, ix[b], i, j)) continue;
              ASSERT_EQ(std::memcmp(&x[e], &y[e], sizeof(T)), 0)
                  << "matrix " << b << " (" << i << ", " << j << ")";
            }
      }
  }
}
#endif

}  // namespace
}  // namespace ompbtest

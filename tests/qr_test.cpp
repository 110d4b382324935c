// SPDX-License-Identifier: BSD-3-Clause
// QR (geqrf) and least squares (gels) against LAPACK's residual ratios and LAPACKE, typed over
// S/D/C/Z, on every test backend and layout.
#include <fmt/format.h>

#include "common/harness.hpp"

namespace ompbtest {
namespace {

using ompbatch::testing::Dense;

// ---- the C API in a Batch's layout (A, tau and C share it) ----

template <class T>
ompbStatus_t geqrf(ompbHandle_t h, Batch<T> &A, Batch<T> &tau, int *info) {
  const int m = A.rows(), n = A.cols(), count = A.count();
  switch (A.layout()) {
    case Layout::pointer_array:
      return CApi<T>::geqrf_p(h, m, n, A.ptrs(), A.ld(), tau.ptrs(), info, count);
    case Layout::strided:
      return CApi<T>::geqrf_s(h, m, n, A.data(), A.ld(), A.stride(), tau.data(), tau.stride(), info,
                              count);
    default:
      return CApi<T>::geqrf_i(h, m, n, A.data(), A.ld(), A.width(), tau.data(), info, count);
  }
}

template <class T>
ompbStatus_t gels(ompbHandle_t h, ompbOperation_t t, Batch<T> &A, Batch<T> &C, int *info) {
  const int m = A.rows(), n = A.cols(), nrhs = C.cols(), count = A.count();
  switch (A.layout()) {
    case Layout::pointer_array:
      return CApi<T>::gels_p(h, t, m, n, nrhs, A.ptrs(), A.ld(), C.ptrs(), C.ld(), info, C.info(),
                             count);
    case Layout::strided:
      return CApi<T>::gels_s(h, t, m, n, nrhs, A.data(), A.ld(), A.stride(), C.data(), C.ld(),
                             C.stride(), info, C.info(), count);
    default:
      return CApi<T>::gels_i(h, t, m, n, nrhs, A.data(), A.ld(), A.width(), C.data(), C.ld(), info,
                             C.info(), count);
  }
}

/// tau of a batch: min(m,n) x 1 per matrix, with no padding rows (the C API's interleaved tau).
template <class T>
Batch<T> tau_batch(Layout layout, int m, int n, int count, int width = 8) {
  return Batch<T>(layout, std::min(m, n), 1, count, width, 0, 3);
}

/// Every layout, interleaved at two widths: 8, and 16 (the host's preferred width for double
/// and complex on AVX-512, which runs 16 lanes a chunk where 8 run half blocks).
std::vector<std::pair<Layout, int>> layouts_and_widths() {
  return {{Layout::pointer_array, 8},
          {Layout::strided, 8},
          {Layout::interleaved, 8},
          {Layout::interleaved, 16}};
}

/// The trans a precision's gels takes besides N: T, or C for complex.
template <class T>
ompbOperation_t adjoint_op() {
  return is_complex<T> ? OMPB_OP_C : OMPB_OP_T;
}

template <class T>
double max_abs(const std::vector<T> &x) {
  double r = 0;
  for (const T &v : x) r = std::max(r, double(std::abs(v)));
  return r;
}

template <class X>
X conj_if(X x) {
  if constexpr (std::is_floating_point_v<X>)
    return x;
  else
    return std::conj(x);
}

/// Q (m x m) from geqrf's reflectors in qr (m x n) and tau: H(0) H(1) .. H(k-1) applied to I.
template <class T>
Dense<T> form_q(int m, int n, const std::vector<T> &qr, const std::vector<T> &tau) {
  Dense<T> q(m, m);
  for (int i = 0; i < m; ++i) q(i, i) = 1;
  for (int k = std::min(m, n) - 1; k >= 0; --k) {
    std::vector<ompbatch::testing::wide_t<T>> v(m);
    v[k] = 1;
    for (int i = k + 1; i < m; ++i) v[i] = qr[i + size_t(k) * m];
    for (int j = 0; j < m; ++j) {
      ompbatch::testing::wide_t<T> w = 0;
      for (int i = k; i < m; ++i) w += conj_if(v[i]) * q(i, j);
      for (int i = k; i < m; ++i) q(i, j) -= ompbatch::testing::wide_t<T>(tau[k]) * v[i] * w;
    }
  }
  return q;
}

template <class T>
class Qr : public ::testing::Test {};
TYPED_TEST_SUITE(Qr, Precisions);

/// geqrf: ||A - Q R||_1 / (m ||A||_1 eps) < 30, ||I - Q^H Q||_1 / (m eps) < 30, R and tau as
/// LAPACKE's to rounding (a -0.0 leading element too); nothing outside A's matrices and tau
/// written.
TYPED_TEST(Qr, GeqrfFactorsAndMatchesLapack) {
  using T = TypeParam;
  std::mt19937_64 rng(41);
  for (auto [m, n, count] : {std::tuple{1, 1, 3},
                             {1, 4, 5},
                             {4, 1, 5},
                             {5, 3, 11},
                             {3, 5, 11},
                             {8, 8, 19},
                             {17, 9, 11},
                             {9, 17, 6},
                             {40, 33, 3}}) {
    const int k = std::min(m, n);
    std::vector<std::vector<T>> a(count), ref(count), tref(count);
    for (int b = 0; b < count; ++b) {
      a[b] = ref[b] = random_matrix<T>(m, n, rng);
      if (b == 1 && m > 1) a[b][0] = ref[b][0] = T(-0.0);  // Fortran's SIGN reads its sign bit
      tref[b].assign(k, T(0));
      std::vector<T> work(64 * size_t(n));
      ASSERT_EQ(ompbatch::lapack::geqrf(m, n, ref[b].data(), m, tref[b].data(), work.data(),
                                        int(work.size())),
                0);
    }
    for (ompbBackend_t backend : test_backends())
      for (auto [layout, width] : layouts_and_widths()) {
        SCOPED_TRACE(fmt::format("{}/{} m={} n={} batch={} width={}", backend_name(backend),
                                 layout_name(layout), m, n, count, width));
        Handle h(backend);
        Batch<T> A(layout, m, n, count, width), tau = tau_batch<T>(layout, m, n, count, width);
        for (int b = 0; b < count; ++b) A.set(b, a[b]);
        A.snapshot();
        tau.snapshot();
        int info = -5;
        ASSERT_EQ(geqrf(h, A, tau, &info), OMPB_STATUS_SUCCESS) << ompbGetLastErrorMessage(h);
        EXPECT_EQ(info, 0);
        A.expect_padding_untouched(false, false);
        tau.expect_padding_untouched(false, false);
        for (int b = 0; b < count; ++b) {
          const std::vector<T> qr = A.get(b), t = tau.get(b);
          Dense<T> r(m, n);
          for (int j = 0; j < n; ++j)
            for (int i = 0; i <= std::min(j, m - 1); ++i) r(i, j) = qr[i + size_t(j) * m];
          const Dense<T> q = form_q(m, n, qr, t), a0(m, n, a[b].data());
          const double anorm = a0.norm1(), e = eps<T>();
          EXPECT_LT((a0 - q * r).norm1() / (m * anorm * e), 30.0) << "matrix " << b;
          Dense<T> eye(m, m);
          for (int i = 0; i < m; ++i) eye(i, i) = 1;
          EXPECT_LT((eye - op('C', q) * q).norm1() / (m * e), 30.0) << "matrix " << b;
          double dr = 0, dt = 0;
          for (int j = 0; j < n; ++j)
            for (int i = 0; i <= std::min(j, m - 1); ++i)
              dr =
                  std::max(dr, double(std::abs(qr[i + size_t(j) * m] - ref[b][i + size_t(j) * m])));
          for (int i = 0; i < k; ++i) dt = std::max(dt, double(std::abs(t[i] - tref[b][i])));
          EXPECT_LT(dr / (max_abs(ref[b]) * e), 10.0 * std::max(m, n)) << "R, matrix " << b;
          EXPECT_LT(dt / e, 10.0 * std::max(m, n)) << "tau, matrix " << b;
        }
      }
  }
}

/// gels, all four of LAPACK's cases (tall and wide, N and T/C): with a consistent right-hand
/// side op(A) X0 the residual ||B - op(A) X|| / (max(m,n) ||A|| ||X|| eps) < 30 (dqrt16); with a
/// random one, the residual of a least-squares solution is orthogonal to op(A)'s range,
/// ||op(A)^H r|| / (max(m,n,nrhs) ||A|| ||B|| eps) < 30 (dqrt17), and every solution matches
/// LAPACKE_?gels's to rounding (random rectangular matrices are well conditioned).
TYPED_TEST(Qr, GelsSolvesAsLapack) {
  using T = TypeParam;
  std::mt19937_64 rng(43);
  for (auto [m, n, nrhs, count] : {std::tuple{1, 1, 1, 3},
                                   {5, 1, 2, 5},
                                   {1, 5, 2, 5},
                                   {6, 4, 1, 11},
                                   {4, 6, 3, 11},
                                   {8, 8, 2, 9},
                                   {17, 9, 3, 11},
                                   {9, 17, 1, 11},
                                   {40, 26, 2, 3}})
    for (ompbOperation_t t : {OMPB_OP_N, adjoint_op<T>()})
      for (bool consistent : {true, false}) {
        const char tc = t == OMPB_OP_N ? 'N' : is_complex<T> ? 'C' : 'T';
        const int rows_b = t == OMPB_OP_N ? m : n, rows_x = t == OMPB_OP_N ? n : m;
        const int M = std::max(m, n);
        std::vector<std::vector<T>> a(count), c(count), x(count);
        for (int b = 0; b < count; ++b) {
          a[b] = random_matrix<T>(m, n, rng);
          if (m == n) ompbatch::testing::add_to_diagonal(n, a[b].data(), 2 * n);
          std::vector<T> rhs = random_matrix<T>(rows_b, nrhs, rng);
          if (consistent) {
            const Dense<T> p = op(tc, Dense<T>(m, n, a[b].data())) *
                               Dense<T>(rows_x, nrhs, random_matrix<T>(rows_x, nrhs, rng).data());
            for (size_t e = 0; e < rhs.size(); ++e) rhs[e] = T(p.a[e]);
          }
          c[b].assign(size_t(M) * nrhs, T(0));
          for (int j = 0; j < nrhs; ++j)
            for (int i = 0; i < rows_b; ++i) c[b][i + size_t(j) * M] = rhs[i + size_t(j) * rows_b];
          std::vector<T> af = a[b];
          x[b] = c[b];
          std::vector<T> work(size_t(64) * (M + nrhs) + 64);
          ASSERT_EQ(ompbatch::lapack::gels(tc, m, n, nrhs, af.data(), m, x[b].data(), M,
                                           work.data(), int(work.size())),
                    0);
        }
        for (ompbBackend_t backend : test_backends())
          for (auto [layout, width] : layouts_and_widths()) {
            SCOPED_TRACE(fmt::format("{}/{} width={} m={} n={} nrhs={} trans={} consistent={}",
                                     backend_name(backend), layout_name(layout), width, m, n, nrhs,
                                     tc, consistent));
            Handle h(backend);
            Batch<T> A(layout, m, n, count, width), C(layout, M, nrhs, count, width);
            for (int b = 0; b < count; ++b) {
              A.set(b, a[b]);
              C.set(b, c[b]);
            }
            A.snapshot();
            C.snapshot();
            int info = -5;
            ASSERT_EQ(gels(h, t, A, C, &info), OMPB_STATUS_SUCCESS) << ompbGetLastErrorMessage(h);
            EXPECT_EQ(info, 0);
            A.expect_padding_untouched(false, false);
            C.expect_padding_untouched(false, true);
            const double e = eps<T>();
            for (int b = 0; b < count; ++b) {
              EXPECT_EQ(C.info()[b], 0) << "matrix " << b;
              const std::vector<T> cx = C.get(b);
              Dense<T> X(rows_x, nrhs), B(rows_b, nrhs);
              for (int j = 0; j < nrhs; ++j) {
                for (int i = 0; i < rows_x; ++i) X(i, j) = cx[i + size_t(j) * M];
                for (int i = 0; i < rows_b; ++i) B(i, j) = c[b][i + size_t(j) * M];
              }
              const Dense<T> opa = op(tc, Dense<T>(m, n, a[b].data()));
              const Dense<T> r = B - opa * X;
              if (consistent) {
                EXPECT_LT(r.norm1() / (M * opa.norm1() * X.norm1() * e), 30.0) << "matrix " << b;
              } else if (rows_b > rows_x) {
                EXPECT_LT(
                    (op('C', opa) * r).norm1() / (std::max(M, nrhs) * opa.norm1() * B.norm1() * e),
                    30.0)
                    << "matrix " << b;
              }
              double dx = 0;
              for (int j = 0; j < nrhs; ++j)
                for (int i = 0; i < rows_x; ++i)
                  dx = std::max(dx,
                                double(std::abs(cx[i + size_t(j) * M] - x[b][i + size_t(j) * M])));
              EXPECT_LT(dx / (max_abs(x[b]) * e), 100.0 * M) << "X against LAPACKE, matrix " << b;
            }
          }
      }
}

/// A matrix not of full rank (a zero matrix, a zero column of a tall one or a zero row of a
/// wide one) gets devInfoArray = k, the first exactly zero diagonal element of R (or L), and
/// its C is left bitwise as it came (here holding an infinity); the batch's other matrices are
/// solved.
TYPED_TEST(Qr, GelsRankDeficientLeavesC) {
  using T = TypeParam;
  std::mt19937_64 rng(47);
  for (auto [m, n] : {std::pair{7, 4}, {4, 7}, {5, 5}})
    for (ompbOperation_t t : {OMPB_OP_N, adjoint_op<T>()}) {
      const int count = 13, nrhs = 2, M = std::max(m, n), k = std::min(m, n);
      std::vector<std::vector<T>> a(count), c(count);
      std::vector<int> expect(count, 0);
      for (int b = 0; b < count; ++b) {
        a[b] = random_matrix<T>(m, n, rng);
        if (m == n) ompbatch::testing::add_to_diagonal(n, a[b].data(), 2 * n);
        c[b] = random_matrix<T>(M, nrhs, rng);
      }
      for (int b : {2, 9}) {  // a zero column (tall) or row (wide) at 2
        for (int i = 0; i < (m >= n ? m : n); ++i)
          a[b][m >= n ? i + size_t(2) * m : 2 + size_t(i) * m] = T(0);
        expect[b] = 3;
        c[b][1] = T(std::numeric_limits<real_t<T>>::infinity());
      }
      a[5].assign(size_t(m) * n, T(0));
      expect[5] = 1;
      for (ompbBackend_t backend : test_backends())
        for (auto [layout, width] : layouts_and_widths()) {
          SCOPED_TRACE(fmt::format("{}/{} width={} m={} n={} trans={}", backend_name(backend),
                                   layout_name(layout), width, m, n, int(t)));
          Handle h(backend);
          Batch<T> A(layout, m, n, count, width), C(layout, M, nrhs, count, width);
          for (int b = 0; b < count; ++b) {
            A.set(b, a[b]);
            C.set(b, c[b]);
          }
          int info = -5;
          ASSERT_EQ(gels(h, t, A, C, &info), OMPB_STATUS_SUCCESS) << ompbGetLastErrorMessage(h);
          EXPECT_EQ(info, 0);
          for (int b = 0; b < count; ++b) {
            EXPECT_EQ(C.info()[b], expect[b]) << "matrix " << b;
            const std::vector<T> got = C.get(b);
            if (expect[b]) {
              EXPECT_EQ(std::memcmp(got.data(), c[b].data(), sizeof(T) * got.size()), 0)
                  << "C of rank-deficient matrix " << b << " was written";
              EXPECT_EQ(A.get(b)[(expect[b] - 1) * (size_t(m) + 1)], T(0));
            } else {
              for (const T &v : got) EXPECT_TRUE(std::isfinite(std::abs(v))) << "matrix " << b;
            }
          }
          (void)k;
        }
    }
}

/// Orders of magnitude LAPACK's scaled norm handles: geqrf of A * 2^p (p near the exponent
/// range's ends) is geqrf of A scaled by 2^p, to rounding, with nothing infinite or zero.
TYPED_TEST(Qr, GeqrfScalesNormsAsLapack) {
  using T = TypeParam;
  using R = real_t<T>;
  std::mt19937_64 rng(53);
  const int m = 9, n = 5, count = 10;
  const int top = std::numeric_limits<R>::max_exponent,
            bottom = std::numeric_limits<R>::min_exponent;
  for (int p : {top - 8, bottom + std::numeric_limits<R>::digits, 0}) {
    std::vector<std::vector<T>> a(count), ref(count);
    for (int b = 0; b < count; ++b) {
      ref[b] = a[b] = random_matrix<T>(m, n, rng);
      std::vector<T> tau(n), work(64 * n);
      ompbatch::lapack::geqrf(m, n, ref[b].data(), m, tau.data(), work.data(), int(work.size()));
      for (T &v : a[b]) v *= R(std::ldexp(R(1), p));
    }
    for (ompbBackend_t backend : test_backends())
      for (auto [layout, width] : layouts_and_widths()) {
        SCOPED_TRACE(fmt::format("{}/{} width={} 2^{}", backend_name(backend), layout_name(layout),
                                 width, p));
        Handle h(backend);
        Batch<T> A(layout, m, n, count, width), tau = tau_batch<T>(layout, m, n, count, width);
        for (int b = 0; b < count; ++b) A.set(b, a[b]);
        int info = -5;
        ASSERT_EQ(geqrf(h, A, tau, &info), OMPB_STATUS_SUCCESS) << ompbGetLastErrorMessage(h);
        for (int b = 0; b < count; ++b) {
          const std::vector<T> qr = A.get(b);
          double d = 0;
          for (int j = 0; j < n; ++j)
            for (int i = 0; i <= j; ++i) {
              const T got = qr[i + size_t(j) * m] * R(std::ldexp(R(1), -p));
              d = std::max(d, double(std::abs(got - ref[b][i + size_t(j) * m])));
            }
          EXPECT_LT(d / (max_abs(ref[b]) * eps<T>()), 100.0) << "matrix " << b;
        }
      }
  }
}

/// Invalid calls: INVALID_VALUE, info = -j (j the argument's position, the handle first), and
/// nothing written; sizes of zero: success and nothing written.
TYPED_TEST(Qr, ArgumentsAndQuickReturns) {
  using T = TypeParam;
  const int m = 6, n = 4, count = 5;
  Handle h;
  Batch<T> A(Layout::strided, m, n, count), tau = tau_batch<T>(Layout::strided, m, n, count),
                                            C(Layout::strided, m, 2, count);
  A.snapshot();
  tau.snapshot();
  C.snapshot();
  auto nothing_written = [&] { return A.unchanged() && tau.unchanged() && C.unchanged(); };
  int info = 0;
  EXPECT_EQ(CApi<T>::geqrf_s(h, -1, n, A.data(), A.ld(), A.stride(), tau.data(), tau.stride(),
                             &info, count),
            OMPB_STATUS_INVALID_VALUE);
  EXPECT_EQ(info, -2);
  EXPECT_EQ(CApi<T>::geqrf_s(h, m, n, A.data(), m - 1, A.stride(), tau.data(), tau.stride(), &info,
                             count),
            OMPB_STATUS_INVALID_VALUE);
  EXPECT_EQ(info, -5);
  EXPECT_EQ(
      CApi<T>::geqrf_s(h, m, n, A.data(), A.ld(), A.stride(), tau.data(), n - 1, &info, count),
      OMPB_STATUS_INVALID_VALUE);
  EXPECT_EQ(info, -8);
  EXPECT_EQ(
      CApi<T>::geqrf_s(h, m, n, A.data(), A.ld(), A.stride(), nullptr, tau.stride(), &info, count),
      OMPB_STATUS_INVALID_VALUE);
  EXPECT_EQ(info, -7);
  EXPECT_EQ(CApi<T>::geqrf_p(h, m, n, A.ptrs(), A.ld(), nullptr, &info, count),
            OMPB_STATUS_INVALID_VALUE);
  EXPECT_EQ(info, -6);
  EXPECT_EQ(CApi<T>::geqrf_i(h, m, n, A.data(), A.ld(), 0, tau.data(), &info, count),
            OMPB_STATUS_INVALID_VALUE);
  EXPECT_EQ(info, -6);
  // gels: trans (T is not complex's), nrhs, ldc < max(m,n), devInfoArray, batchSize
  const ompbOperation_t bad = is_complex<T> ? OMPB_OP_T : OMPB_OP_C;
  EXPECT_EQ(CApi<T>::gels_s(h, bad, m, n, 2, A.data(), A.ld(), A.stride(), C.data(), C.ld(),
                            C.stride(), &info, C.info(), count),
            OMPB_STATUS_INVALID_VALUE);
  EXPECT_EQ(info, -2);
  EXPECT_EQ(CApi<T>::gels_s(h, OMPB_OP_N, m, n, -1, A.data(), A.ld(), A.stride(), C.data(), C.ld(),
                            C.stride(), &info, C.info(), count),
            OMPB_STATUS_INVALID_VALUE);
  EXPECT_EQ(info, -5);
  EXPECT_EQ(CApi<T>::gels_s(h, OMPB_OP_N, n, m, 2, A.data(), n, A.stride(), C.data(), n, C.stride(),
                            &info, C.info(), count),
            OMPB_STATUS_INVALID_VALUE);
  EXPECT_EQ(info, -10) << ompbGetLastErrorMessage(h);
  EXPECT_EQ(CApi<T>::gels_s(h, OMPB_OP_N, m, n, 2, A.data(), A.ld(), A.stride(), C.data(), C.ld(),
                            C.stride(), &info, nullptr, count),
            OMPB_STATUS_INVALID_VALUE);
  EXPECT_EQ(info, -13);
  EXPECT_EQ(CApi<T>::gels_i(h, OMPB_OP_N, m, n, 2, A.data(), A.ld(), 8, C.data(), C.ld(), &info,
                            C.info(), -1),
            OMPB_STATUS_INVALID_VALUE);
  EXPECT_EQ(info, -13);
  EXPECT_EQ(CApi<T>::gels_p(h, OMPB_OP_N, m, n, 2, A.ptrs(), A.ld(), C.ptrs(), C.ld(), nullptr,
                            C.info(), count),
            OMPB_STATUS_INVALID_VALUE);
  EXPECT_TRUE(nothing_written());
  // quick returns: m = 0, n = 0, nrhs = 0, batch 0
  for (auto [mm, nn, nrhs, batch] :
       {std::tuple{0, n, 2, count}, {m, 0, 2, count}, {m, n, 0, count}, {m, n, 2, 0}}) {
    info = -5;
    EXPECT_EQ(CApi<T>::gels_s(h, OMPB_OP_N, mm, nn, nrhs, A.data(), A.ld(), A.stride(), C.data(),
                              C.ld(), C.stride(), &info, C.info(), batch),
              OMPB_STATUS_SUCCESS);
    EXPECT_EQ(info, 0);
    if (nrhs > 0) {
      info = -5;
      EXPECT_EQ(CApi<T>::geqrf_s(h, mm, nn, A.data(), A.ld(), A.stride(), tau.data(), tau.stride(),
                                 &info, batch),
                OMPB_STATUS_SUCCESS);
      EXPECT_EQ(info, 0);
    }
  }
  EXPECT_TRUE(nothing_written());
}

}  // namespace
}  // namespace ompbtest

// SPDX-License-Identifier: BSD-3-Clause
// The C API contract: handles, status texts, every row of the argument-check table (an
// invalid call writes nothing), the worked example, and the C++ API over the same core.
#include <fmt/format.h>

#include <atomic>
#include <climits>
#include <cstdint>
#include <functional>
#include <thread>

#include "common/harness.hpp"

namespace ompbtest {
namespace {

TEST(Context, NullAndDestroyedHandlesAreNotInitialized) {
  double a = 1;
  double *ptrs[] = {&a};
  int piv = 0, info = 0;
  EXPECT_EQ(ompbDgetrfBatched(nullptr, 1, ptrs, 1, &piv, &info, 1), OMPB_STATUS_NOT_INITIALIZED);
  ompbHandle_t h = nullptr;
  ASSERT_EQ(ompbCreate(&h), OMPB_STATUS_SUCCESS);
  ASSERT_EQ(ompbDestroy(h), OMPB_STATUS_SUCCESS);
  EXPECT_EQ(ompbDgetrfBatched(h, 1, ptrs, 1, &piv, &info, 1), OMPB_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(ompbDestroy(h), OMPB_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(ompbSetBackend(nullptr, OMPB_BACKEND_HOST), OMPB_STATUS_NOT_INITIALIZED);
  EXPECT_EQ(ompbCreate(nullptr), OMPB_STATUS_INVALID_VALUE);
  EXPECT_EQ(a, 1.0);
  EXPECT_EQ(piv, 0);
  EXPECT_EQ(info, 0);
}

TEST(Context, SettersValidateAndGettersReport) {
  Handle h;
  ompbBackend_t b = OMPB_BACKEND_AUTO;
  ASSERT_EQ(ompbGetBackend(h, &b), OMPB_STATUS_SUCCESS);
  EXPECT_EQ(b, OMPB_BACKEND_HOST);
  // enum values outside the enumerators: tests/c_enum_checks.c (C can pass them, C++ cannot)
  EXPECT_EQ(ompbSetDevice(h, -1), OMPB_STATUS_INVALID_VALUE);
  EXPECT_NE(std::string(ompbGetLastErrorMessage(h)).find("ompbSetDevice"), std::string::npos);
  EXPECT_EQ(ompbGetBackend(h, nullptr), OMPB_STATUS_INVALID_VALUE);
  ASSERT_EQ(ompbSetBackend(h, OMPB_BACKEND_AUTO), OMPB_STATUS_SUCCESS);
  ASSERT_EQ(ompbGetBackend(h, &b), OMPB_STATUS_SUCCESS);
  EXPECT_NE(b, OMPB_BACKEND_AUTO);
  ompbMemorySpace_t s = OMPB_MEMORY_DEVICE;
  ASSERT_EQ(ompbGetMemorySpace(h, &s), OMPB_STATUS_SUCCESS);
  EXPECT_EQ(s, OMPB_MEMORY_HOST);
  int dev = -5;
  ASSERT_EQ(ompbGetDevice(h, &dev), OMPB_STATUS_SUCCESS);
  EXPECT_GE(dev, 0);
  int w = 0;
  for (char t : {'S', 'D', 'C', 'Z'}) {
    ASSERT_EQ(ompbGetInterleaveWidth(h, t, &w), OMPB_STATUS_SUCCESS);
    EXPECT_GE(w, 1);
  }
  EXPECT_EQ(ompbGetInterleaveWidth(h, 'Q', &w), OMPB_STATUS_INVALID_VALUE);
#ifndef OMPBATCH_HAVE_OFFLOAD
  EXPECT_EQ(ompbSetBackend(h, OMPB_BACKEND_OFFLOAD), OMPB_STATUS_ARCH_MISMATCH);
  EXPECT_NE(std::string(ompbGetLastErrorMessage(h)).find("no offload targets"), std::string::npos);
#endif
}

TEST(Context, StatusNamesStringsAndVersion) {
  EXPECT_STREQ(ompbGetStatusName(OMPB_STATUS_INVALID_VALUE), "OMPB_STATUS_INVALID_VALUE");
  EXPECT_STREQ(ompbGetStatusName(OMPB_STATUS_SUCCESS), "OMPB_STATUS_SUCCESS");
  EXPECT_STREQ(ompbGetStatusName(static_cast<ompbStatus_t>(99)), "OMPB_STATUS_UNKNOWN");
  for (ompbStatus_t s :
       {OMPB_STATUS_SUCCESS, OMPB_STATUS_NOT_INITIALIZED, OMPB_STATUS_ALLOC_FAILED,
        OMPB_STATUS_INVALID_VALUE, OMPB_STATUS_ARCH_MISMATCH, OMPB_STATUS_MAPPING_ERROR,
        OMPB_STATUS_EXECUTION_FAILED, OMPB_STATUS_INTERNAL_ERROR, OMPB_STATUS_NOT_SUPPORTED}) {
    EXPECT_NE(std::string(ompbGetStatusName(s)), "OMPB_STATUS_UNKNOWN");
    EXPECT_GT(std::string(ompbGetStatusString(s)).size(), 10u);
  }
  EXPECT_EQ(ompbGetVersion(),
            OMPBATCH_VERSION_MAJOR * 10000 + OMPBATCH_VERSION_MINOR * 100 + OMPBATCH_VERSION_PATCH);
}

// Threads sharing one handle (as codes share one across their OpenMP threads): half of the
// calls invalid, each thread reads its own last message, every valid call gives the same
// factors as a call made alone.
TEST(Context, OneHandleServesManyThreadsEachWithItsOwnMessage) {
  constexpr int kThreads = 4, kCalls = 1000, n = 6, batch = 3;
  std::mt19937_64 rng(7);
  const std::vector<double> a0 = random_matrix<double>(n, n * batch, rng);
  for (ompbBackend_t backend : test_backends()) {
    SCOPED_TRACE(backend_name(backend));
    Handle h(backend);
    std::vector<double> lu = a0;
    std::vector<int> piv(std::size_t(n) * batch), info(batch);
    ASSERT_EQ(
        ompbDgetrfStridedBatched(h, n, n, lu.data(), n, n * n, piv.data(), n, info.data(), batch),
        OMPB_STATUS_SUCCESS);
    std::atomic<int> wrong_status{0}, wrong_message{0}, wrong_result{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
      threads.emplace_back([&, t] {
        // thread t's invalid calls name its own n (lda = 1 < n = 2 + t)
        const std::string mine = fmt::format("lda (1) < max(1,m) ({})", 2 + t);
        std::vector<double> a(a0.size());
        std::vector<int> p(piv.size()), inf(batch);
        for (int k = 0; k < kCalls; ++k) {
          if (k % 2) {
            if (ompbDgetrfStridedBatched(h, 2 + t, 2 + t, a.data(), 1, n * n, p.data(), n,
                                         inf.data(), batch) != OMPB_STATUS_INVALID_VALUE)
              ++wrong_status;
            if (std::string(ompbGetLastErrorMessage(h)).find(mine) == std::string::npos)
              ++wrong_message;
          } else {
            a = a0;
            if (ompbDgetrfStridedBatched(h, n, n, a.data(), n, n * n, p.data(), n, inf.data(),
                                         batch) != OMPB_STATUS_SUCCESS)
              ++wrong_status;
            if (a != lu || p != piv || inf != info) ++wrong_result;
          }
        }
      });
    for (std::thread &t : threads) t.join();
    EXPECT_EQ(wrong_status, 0);
    EXPECT_EQ(wrong_message, 0);
    EXPECT_EQ(wrong_result, 0);
  }
}

/// One invalid call: the expected status, the message, and nothing written anywhere.
struct BadCall {
  const char *what;
  ompbStatus_t status;
  const char *message;  // expected substring of ompbGetLastErrorMessage
  std::function<ompbStatus_t(ompbHandle_t, Batch<double> &)> call;
};

TEST(ArgumentChecks, EveryInvalidCallFailsAndWritesNothing) {
  const int n = 3, count = 4;
  const std::vector<BadCall> calls = {
      {"n < 0", OMPB_STATUS_INVALID_VALUE, "ompbDgetrfBatched: n (-1) < 0",
       [](ompbHandle_t h, Batch<double> &b) {
         return ompbDgetrfBatched(h, -1, b.ptrs(), b.ld(), b.piv(), b.info(), count);
       }},
      {"batch < 0", OMPB_STATUS_INVALID_VALUE, "batchSize (-2) < 0",
       [](ompbHandle_t h, Batch<double> &b) {
         return ompbDgetrfBatched(h, n, b.ptrs(), b.ld(), b.piv(), b.info(), -2);
       }},
      {"m < 0", OMPB_STATUS_INVALID_VALUE, "ompbDgetrfStridedBatched: m (-1) < 0",
       [](ompbHandle_t h, Batch<double> &b) {
         return ompbDgetrfStridedBatched(h, -1, n, b.data(), b.ld(), b.stride(), b.piv(),
                                         b.pstride(), b.info(), count);
       }},
      {"lda < n", OMPB_STATUS_INVALID_VALUE, "ompbDgetrfBatched: lda (2) < max(1,n) (3)",
       [](ompbHandle_t h, Batch<double> &b) {
         return ompbDgetrfBatched(h, n, b.ptrs(), 2, b.piv(), b.info(), count);
       }},
      {"lda < m strided", OMPB_STATUS_INVALID_VALUE, "lda (2) < max(1,m) (3)",
       [](ompbHandle_t h, Batch<double> &b) {
         return ompbDgetrfStridedBatched(h, n, n, b.data(), 2, b.stride(), b.piv(), b.pstride(),
                                         b.info(), count);
       }},
      {"lda < 1 at n = 0", OMPB_STATUS_INVALID_VALUE, "lda (0) < max(1,n) (0)",
       [](ompbHandle_t h, Batch<double> &b) {
         return ompbDgetrfBatched(h, 0, b.ptrs(), 0, b.piv(), b.info(), count);
       }},
      {"lda < m interleaved", OMPB_STATUS_INVALID_VALUE, "lda (1) < max(1,m) (3)",
       [](ompbHandle_t h, Batch<double> &b) {
         return ompbDgetrfInterleavedBatched(h, n, n, b.data(), 1, 8, b.piv(), b.info(), count);
       }},
      {"strideA < lda*n", OMPB_STATUS_INVALID_VALUE, "strideA (10) < lda*n (15)",
       [](ompbHandle_t h, Batch<double> &b) {
         return ompbDgetrfStridedBatched(h, n, n, b.data(), b.ld(), 10, b.piv(), b.pstride(),
                                         b.info(), count);
       }},
      {"strideP < min(m,n)", OMPB_STATUS_INVALID_VALUE, "strideP (2) < min(m,n) (3)",
       [](ompbHandle_t h, Batch<double> &b) {
         return ompbDgetrfStridedBatched(h, n, n, b.data(), b.ld(), b.stride(), b.piv(), 2,
                                         b.info(), count);
       }},
      {"width < 1", OMPB_STATUS_INVALID_VALUE, "width (0) < 1",
       [](ompbHandle_t h, Batch<double> &b) {
         return ompbDgetrfInterleavedBatched(h, n, n, b.data(), b.ld(), 0, b.piv(), b.info(),
                                             count);
       }},
      {"Aarray NULL", OMPB_STATUS_INVALID_VALUE, "Aarray is NULL",
       [](ompbHandle_t h, Batch<double> &b) {
         return ompbDgetrfBatched(h, n, nullptr, b.ld(), b.piv(), b.info(), count);
       }},
      {"Aarray[2] NULL", OMPB_STATUS_INVALID_VALUE, "Aarray[2] is NULL",
       [](ompbHandle_t h, Batch<double> &b) {
         std::vector<double *> p(b.ptrs(), b.ptrs() + count);
         p[2] = nullptr;
         return ompbDgetrfBatched(h, n, p.data(), b.ld(), b.piv(), b.info(), count);
       }},
      {"A NULL", OMPB_STATUS_INVALID_VALUE, "A is NULL",
       [](ompbHandle_t h, Batch<double> &b) {
         return ompbDgetrfStridedBatched(h, n, n, nullptr, b.ld(), b.stride(), b.piv(), b.pstride(),
                                         b.info(), count);
       }},
      {"interleaved A NULL", OMPB_STATUS_INVALID_VALUE, "A is NULL",
       [](ompbHandle_t h, Batch<double> &b) {
         return ompbDgetrfInterleavedBatched(h, n, n, nullptr, b.ld(), 8, b.piv(), b.info(), count);
       }},
      {"pivots without info", OMPB_STATUS_INVALID_VALUE, "infoArray is NULL",
       [](ompbHandle_t h, Batch<double> &b) {
         return ompbDgetrfBatched(h, n, b.ptrs(), b.ld(), b.piv(), nullptr, count);
       }},
      {"device memory on host backend", OMPB_STATUS_NOT_SUPPORTED, "OMPB_MEMORY_DEVICE",
       [](ompbHandle_t h, Batch<double> &b) {
         EXPECT_EQ(ompbSetMemorySpace(h, OMPB_MEMORY_DEVICE), OMPB_STATUS_SUCCESS);
         return ompbDgetrfBatched(h, n, b.ptrs(), b.ld(), b.piv(), b.info(), count);
       }},
      {"pack ldai < m", OMPB_STATUS_INVALID_VALUE, "ompbDPackInterleaved: ldai (2) < max(1,m) (3)",
       [](ompbHandle_t h, Batch<double> &b) {
         std::vector<const double *> p(b.ptrs(), b.ptrs() + count);
         return ompbDPackInterleaved(h, n, n, p.data(), b.ld(), b.data(), 2, 4, count);
       }},
      {"unpack width < 1", OMPB_STATUS_INVALID_VALUE, "ompbDUnpackInterleaved: width (0) < 1",
       [](ompbHandle_t h, Batch<double> &b) {
         return ompbDUnpackInterleaved(h, n, n, b.data(), b.ld(), 0, b.ptrs(), b.ld(), count);
       }},
  };
  std::mt19937_64 rng(2);
  for (const BadCall &c : calls)
    for (Layout layout : {Layout::pointer_array, Layout::strided}) {
      SCOPED_TRACE(fmt::format("{} ({} storage)", c.what, layout_name(layout)));
      Handle h(OMPB_BACKEND_HOST);
      Batch<double> b(layout, n, n, count, 8, /*ld_pad=*/2);
      for (int i = 0; i < count; ++i) b.set(i, random_matrix<double>(n, n, rng));
      b.snapshot();
      EXPECT_EQ(c.call(h, b), c.status);
      EXPECT_NE(std::string(ompbGetLastErrorMessage(h)).find(c.message), std::string::npos)
          << "message: " << ompbGetLastErrorMessage(h);
      EXPECT_TRUE(b.unchanged());
    }
}

/// A pointer array large enough that its NULL check runs on all threads: the first NULL is
/// the one reported, and no matrix, pivot or info is written.
TEST(ArgumentChecks, FirstNullOfALargePointerArray) {
  constexpr int count = 100000, k = 2;
  std::vector<double> a(size_t(count) * k * k, 1.0);
  std::vector<double *> p(count);
  for (int b = 0; b < count; ++b) p[b] = a.data() + size_t(b) * k * k;
  p[90001] = p[70001] = nullptr;
  std::vector<int> piv(size_t(count) * k, -1), info(count, -1);
  Handle h(OMPB_BACKEND_HOST);
  EXPECT_EQ(ompbDgetrfBatched(h, k, p.data(), k, piv.data(), info.data(), count),
            OMPB_STATUS_INVALID_VALUE);
  EXPECT_NE(std::string(ompbGetLastErrorMessage(h)).find("Aarray[70001] is NULL"),
            std::string::npos)
      << ompbGetLastErrorMessage(h);
  EXPECT_TRUE(std::all_of(a.begin(), a.end(), [](double x) { return x == 1.0; }));
  EXPECT_TRUE(std::all_of(piv.begin(), piv.end(), [](int x) { return x == -1; }));
  EXPECT_TRUE(std::all_of(info.begin(), info.end(), [](int x) { return x == -1; }));
}

TEST(ArgumentChecks, StridesAreFreeWithASingleMatrix) {
  Handle h;
  Batch<double> b(Layout::strided, 3, 3, 1);
  std::mt19937_64 rng(4);
  b.set(0, random_matrix<double>(3, 3, rng));
  EXPECT_EQ(ompbDgetrfStridedBatched(h, 3, 3, b.data(), b.ld(), 0, b.piv(), 0, b.info(), 1),
            OMPB_STATUS_SUCCESS)
      << ompbGetLastErrorMessage(h);
}

/// Batches whose span from the first element to the last passes the end of the address space
/// (or whose interleaved block is larger than it) are INVALID_VALUE naming the argument that
/// stretches them, on both backends; nothing is read or written (the addresses below are never
/// dereferenced: the check comes first).
TEST(ArgumentChecks, SpansPastTheAddressSpaceAreInvalid) {
  double a[64] = {};
  int piv[64] = {}, info[8] = {};
  double *ptrs[1] = {a};
  auto *top = reinterpret_cast<double *>(std::uintptr_t(0) - 4096);  // a page below the end
  constexpr long long k62 = 1LL << 62, kMax = std::numeric_limits<long long>::max();
  struct Case {
    const char *what, *message;
    std::function<ompbStatus_t(ompbHandle_t)> call;
  };
  const std::vector<Case> cases = {
      {"strideA 2^62", "strideA (4611686018427387904)",
       [&](ompbHandle_t h) {
         return ompbDgetrfStridedBatched(h, 3, 3, a, 3, k62, piv, 3, info, 3);
       }},
      {"strideA LLONG_MAX", "strideA (9223372036854775807)",
       [&](ompbHandle_t h) {
         return ompbDgetrfStridedBatched(h, 3, 3, a, 3, kMax, piv, 3, info, 2);
       }},
      {"strideP LLONG_MAX", "strideP (9223372036854775807)",
       [&](ompbHandle_t h) {
         return ompbDgetrfStridedBatched(h, 3, 3, a, 3, 9, piv, kMax, info, 2);
       }},
      {"potrf strideA 2^62", "strideA (4611686018427387904)",
       [&](ompbHandle_t h) {
         return ompbDpotrfStridedBatched(h, OMPB_FILL_MODE_LOWER, 3, a, 3, k62, info, 3);
       }},
      {"getrs strideB 2^61", "strideB (2305843009213693952)",
       [&](ompbHandle_t h) {
         int sinfo = 0;
         return ompbDgetrsStridedBatched(h, OMPB_OP_N, 2, 1, a, 2, 4, piv, 2, a + 32, 2, k62 / 2,
                                         &sinfo, 5);
       }},
      {"batch ending past the last address", "strideA (64)",
       [&](ompbHandle_t h) {
         return ompbDgetrfStridedBatched(h, 2, 2, top, 2, 64, piv, 2, info, 9);
       }},
      {"interleaved block past ptrdiff_t", "width (1073741824): an interleaved block",
       [&](ompbHandle_t h) {
         return ompbDgetrfInterleavedBatched(h, 1 << 30, 1 << 30, a, 1 << 30, 1 << 30, piv, info,
                                             1);
       }},
      {"interleaved batch ending past the last address", "width (64)",
       [&](ompbHandle_t h) {
         return ompbDpotrfInterleavedBatched(h, OMPB_FILL_MODE_UPPER, 4, top, 4, 64, info, 64);
       }},
      {"pointer-array matrix past ptrdiff_t", "lda (2147483647)",
       [&](ompbHandle_t h) {
         return ompbDpotrfBatched(h, OMPB_FILL_MODE_LOWER, 1 << 30, ptrs, INT_MAX, info, 1);
       }},
  };
  for (ompbBackend_t backend : test_backends())
    for (const Case &c : cases) {
      SCOPED_TRACE(fmt::format("{} on {}", c.what, backend_name(backend)));
      Handle h(backend);
      EXPECT_EQ(c.call(h), OMPB_STATUS_INVALID_VALUE);
      EXPECT_NE(std::string(ompbGetLastErrorMessage(h)).find(c.message), std::string::npos)
          << ompbGetLastErrorMessage(h);
      EXPECT_TRUE(std::all_of(std::begin(a), std::end(a), [](double x) { return x == 0; }));
      EXPECT_TRUE(std::all_of(std::begin(info), std::end(info), [](int x) { return x == 0; }));
    }
}

/// A matrix that a call writes appears once among its arguments: duplicate pointers in an array
/// the call writes, or a written matrix that a read-only array also names, are INVALID_VALUE naming
/// both places, and nothing is written; read-only arrays may repeat pointers (one factor for
/// several right-hand sides). Pointer arrays in increasing order (checked in one pass), in any
/// order (sorted), and one past the NULL scan's threshold for all threads; strided arrays from one
/// first element. The check comes before the host's choice of path and the backend.
TEST(ArgumentChecks, AliasedOutputsAreInvalid) {
  constexpr int n = 3, count = 6;
  using D = double;
  struct Case {
    const char *what, *message;
    std::function<ompbStatus_t(ompbHandle_t, Batch<D> &, Batch<D> &)> call;
  };
  // p(b): b's pointers with q[i] = p[j] for each (i, j) of `same`
  const auto with = [](Batch<D> &b, std::vector<std::pair<int, int>> same) {
    std::vector<D *> q(b.ptrs(), b.ptrs() + b.count());
    for (auto [i, j] : same) q[i] = q[j];
    return q;
  };
  const auto as_const = [](const std::vector<D *> &q) {
    return std::vector<const D *>(q.begin(), q.end());
  };
  const std::vector<Case> cases = {
      {"getrf", "Aarray[2] is Aarray[3]",
       [&](ompbHandle_t h, Batch<D> &a, Batch<D> &) {
         return ompbDgetrfBatched(h, n, with(a, {{3, 2}}).data(), a.ld(), a.piv(), a.info(), count);
       }},
      {"potrf, in any order", "Aarray[0] is Aarray[5]",
       [&](ompbHandle_t h, Batch<D> &a, Batch<D> &) {
         std::vector<D *> q = with(a, {{5, 0}});
         std::swap(q[1], q[4]);
         return ompbDpotrfBatched(h, OMPB_FILL_MODE_LOWER, n, q.data(), a.ld(), a.info(), count);
       }},
      {"getrs, B read as A", "Barray[1] is Aarray[4]",
       [&](ompbHandle_t h, Batch<D> &a, Batch<D> &b) {
         std::vector<D *> q(b.ptrs(), b.ptrs() + count);
         q[1] = a.ptrs()[4];
         int info = 7;
         return ompbDgetrsBatched(h, OMPB_OP_N, n, 1, as_const(with(a, {})).data(), a.ld(), a.piv(),
                                  q.data(), b.ld(), &info, count);
       }},
      {"getri", "Carray[0] is Carray[1]",
       [&](ompbHandle_t h, Batch<D> &a, Batch<D> &b) {
         return ompbDgetriBatched(h, n, as_const(with(a, {})).data(), a.ld(), a.piv(),
                                  with(b, {{1, 0}}).data(), b.ld(), a.info(), count);
       }},
      {"matinv", "Ainv[0] is A[0]",
       [&](ompbHandle_t h, Batch<D> &a, Batch<D> &) {
         const std::vector<D *> q = with(a, {});
         return ompbDmatinvBatched(h, n, as_const(q).data(), a.ld(), q.data(), a.ld(), a.info(),
                                   count);
       }},
      {"potrs", "Barray[4] is Barray[5]",
       [&](ompbHandle_t h, Batch<D> &a, Batch<D> &b) {
         int info = 7;
         return ompbDpotrsBatched(h, OMPB_FILL_MODE_LOWER, n, 1, as_const(with(a, {})).data(),
                                  a.ld(), with(b, {{5, 4}}).data(), b.ld(), &info, count);
       }},
      {"trsm", "Barray[0] is Aarray[0]",
       [&](ompbHandle_t h, Batch<D> &a, Batch<D> &) {
         const D one = 1;
         return ompbDtrsmBatched(h, OMPB_SIDE_LEFT, OMPB_FILL_MODE_LOWER, OMPB_OP_N,
                                 OMPB_DIAG_NON_UNIT, n, n, &one, as_const(with(a, {})).data(),
                                 a.ld(), with(a, {}).data(), a.ld(), count);
       }},
      {"geqrf, tau as a matrix", "Aarray[0] is TauArray[0]",
       [&](ompbHandle_t h, Batch<D> &a, Batch<D> &) {
         int info = 7;
         return ompbDgeqrfBatched(h, n, n, with(a, {}).data(), a.ld(), with(a, {}).data(), &info,
                                  count);
       }},
      {"gels", "Aarray[1] is Carray[2]",
       [&](ompbHandle_t h, Batch<D> &a, Batch<D> &b) {
         std::vector<D *> c(b.ptrs(), b.ptrs() + count);
         c[2] = a.ptrs()[1];
         int info = 7;
         return ompbDgelsBatched(h, OMPB_OP_N, n, n, 1, with(a, {}).data(), a.ld(), c.data(),
                                 b.ld(), &info, a.info(), count);
       }},
      {"unpack", "Aarray[1] is Aarray[2]",
       [&](ompbHandle_t h, Batch<D> &a, Batch<D> &b) {
         return ompbDUnpackInterleaved(h, n, n, b.data(), n, 8, with(a, {{2, 1}}).data(), a.ld(),
                                       count);
       }},
      {"strided getrs, B at A", "B is A",
       [&](ompbHandle_t h, Batch<D> &a, Batch<D> &) {
         int info = 7;
         return ompbDgetrsStridedBatched(h, OMPB_OP_N, n, n, a.data(), a.ld(), a.stride(), a.piv(),
                                         a.pstride(), a.data(), a.ld(), a.stride(), &info, count);
       }},
  };
  std::mt19937_64 rng(3);
  for (ompbBackend_t backend : test_backends())
    for (const Case &c : cases) {
      SCOPED_TRACE(fmt::format("{} on {}", c.what, backend_name(backend)));
      Handle h(backend);
      Batch<D> a(Layout::pointer_array, n, n, count), b(Layout::pointer_array, n, n, count);
      for (int i = 0; i < count; ++i) a.set(i, random_matrix<D>(n, n, rng));
      a.snapshot();
      b.snapshot();
      EXPECT_EQ(c.call(h, a, b), OMPB_STATUS_INVALID_VALUE);
      EXPECT_NE(std::string(ompbGetLastErrorMessage(h)).find(c.message), std::string::npos)
          << ompbGetLastErrorMessage(h);
      EXPECT_TRUE(a.unchanged());
      EXPECT_TRUE(b.unchanged());
    }
  // one factor for every right-hand side: read-only repeats are valid, on each host path
  for (ompbBackend_t backend : test_backends())
    for (const char *path : {"lanes", "vendor"}) {
      SCOPED_TRACE(fmt::format("one factor on {} ({})", backend_name(backend), path));
      EnvGuard env;
      env.set("OMPBATCH_HOST_PATH", path);
      Handle h(backend);
      Batch<D> a(Layout::pointer_array, n, n, 1), b(Layout::pointer_array, n, 1, count);
      const std::vector<D> a0 = random_matrix<D>(n, n, rng);
      std::vector<std::vector<D>> b0;
      a.set(0, a0);
      for (int i = 0; i < count; ++i) b.set(i, b0.emplace_back(random_matrix<D>(n, 1, rng)));
      ASSERT_EQ(a.getrf(h), OMPB_STATUS_SUCCESS);
      const std::vector<const D *> one(count, a.ptrs()[0]);
      std::vector<int> piv;
      for (int i = 0; i < count; ++i) piv.insert(piv.end(), a.piv(), a.piv() + n);
      int info = 7;
      EXPECT_EQ(ompbDgetrsBatched(h, OMPB_OP_N, n, 1, one.data(), a.ld(), piv.data(), b.ptrs(),
                                  b.ld(), &info, count),
                OMPB_STATUS_SUCCESS)
          << ompbGetLastErrorMessage(h);
      EXPECT_EQ(info, 0);
      using ompbatch::testing::Dense;
      for (int i = 0; i < count; ++i)
        EXPECT_LT(ompbatch::testing::solve_residual(Dense<D>(n, n, a0.data()),
                                                    Dense<D>(n, 1, b.get(i).data()),
                                                    Dense<D>(n, 1, b0[i].data())),
                  30)
            << i;
    }
  // increasing pointers past the NULL scan's threshold for all threads, the duplicate at the end
  constexpr int many = 100000;
  std::vector<D> store(std::size_t(many) * 4, 1.0);
  std::vector<D *> p(many);
  for (int i = 0; i < many; ++i) p[i] = store.data() + std::size_t(i) * 4;
  p[many - 1] = p[many - 2];
  std::vector<int> piv(std::size_t(many) * 2, -1), info(many, -1);
  Handle h(OMPB_BACKEND_HOST);
  EXPECT_EQ(ompbDgetrfBatched(h, 2, p.data(), 2, piv.data(), info.data(), many),
            OMPB_STATUS_INVALID_VALUE);
  EXPECT_NE(std::string(ompbGetLastErrorMessage(h)).find("Aarray[99998] is Aarray[99999]"),
            std::string::npos)
      << ompbGetLastErrorMessage(h);
  EXPECT_TRUE(std::all_of(store.begin(), store.end(), [](D x) { return x == 1.0; }));
  EXPECT_TRUE(std::all_of(info.begin(), info.end(), [](int x) { return x == -1; }));
}

/// The vendor documentation's example: two 3x3 float matrices.
TEST(WorkedExample, VendorGetrfExample) {
  for (ompbBackend_t backend : test_backends()) {
    SCOPED_TRACE(backend_name(backend));
    Handle h(backend);
    float a0[] = {2, 4, 6, 1, 3, 5, 1, 3, 4}, a1[] = {1, 2, 3, 2, 4, 6, 3, 6, 9};
    float r1[9];
    std::copy(a1, a1 + 9, r1);
    float *ptrs[] = {a0, a1};
    int piv[6] = {}, info[2] = {-1, -1}, rpiv[3];
    ASSERT_EQ(ompbSgetrfBatched(h, 3, ptrs, 3, piv, info, 2), OMPB_STATUS_SUCCESS);
    EXPECT_EQ(info[0], 0);
    EXPECT_EQ(std::vector<int>(piv, piv + 3), (std::vector<int>{3, 3, 3}));
    // A1 has rank 1. The lane kernels (and the offload ones) fuse the Schur update (fma):
    // U(2,2) = 4 - fl(2/3)*6 rounds to -2^-23, not zero, and U(3,3) is the exact zero, so info
    // names column 3. LAPACK, which the vendor path calls (forced by OMPBATCH_HOST_PATH=vendor
    // at this size), rounds the product first: U(2,2) is zero, and its pivots follow.
    const char *path = std::getenv("OMPBATCH_HOST_PATH");
    if (backend == OMPB_BACKEND_HOST && path && std::string(path) == "vendor") {
      EXPECT_EQ(info[1], ompbatch::reference::getrf(3, 3, r1, 3, rpiv));
      EXPECT_EQ(info[1], 2);
      EXPECT_EQ(std::vector<int>(piv + 3, piv + 6), std::vector<int>(rpiv, rpiv + 3));
    } else {
      EXPECT_EQ(info[1], 3);
      EXPECT_EQ(std::vector<int>(piv + 3, piv + 6), (std::vector<int>{3, 2, 3}));
    }
  }
}

TEST(CxxApi, GetrfOnAContextAndErrorsThrow) {
  ompbatch::Context ctx;
  ctx.set_backend(ompbatch::Backend::host);
  std::vector<double> a = {4, 2, 2, 3};  // 2x2, column-major
  std::vector<int> piv(2), info(1);
  ompbatch::getrf(ctx, ompbatch::BatchView<double>::strided(2, 2, a.data(), 2, 4, 1),
                  {piv.data(), 2}, info.data());
  EXPECT_EQ(info[0], 0);
  EXPECT_EQ(piv, (std::vector<int>{1, 2}));
  EXPECT_DOUBLE_EQ(a[1], 0.5);  // l21
  EXPECT_DOUBLE_EQ(a[3], 2.0);  // u22 = 3 - 0.5*2
  try {
    ompbatch::getrf(ctx, ompbatch::BatchView<double>::strided(2, 2, a.data(), 1, 4, 1),
                    {piv.data(), 2}, info.data());
    FAIL() << "no exception";
  } catch (const ompbatch::Error &e) {
    EXPECT_EQ(e.status(), OMPB_STATUS_INVALID_VALUE);
    EXPECT_STREQ(e.what(), "getrf: lda (1) < max(1,m) (2)");
  }
}

}  // namespace
}  // namespace ompbtest

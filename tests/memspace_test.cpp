// SPDX-License-Identifier: BSD-3-Clause
// The memory-space contract on the offload backend (offload builds only): unmapped host data
// is mapped for the call, data the caller mapped is used in place (its host copy untouched),
// and OMPB_MEMORY_DEVICE takes device addresses, a pointer array then being a device array.
#include <functional>

#include "common/harness.hpp"

namespace ompbtest {
namespace {

constexpr int n = 6, count = 9;

struct Inputs {
  std::vector<std::vector<double>> a;
  Inputs() {
    std::mt19937_64 rng(21);
    for (int b = 0; b < count; ++b) a.push_back(random_matrix<double>(n, n, rng));
  }
  void expect_factored(const std::vector<double> &lu, const std::vector<int> &piv, int b) const {
    std::vector<double> ref = a[b];
    std::vector<int> rpiv(n);
    ompbatch::reference::getrf(n, n, ref.data(), n, rpiv.data());
    EXPECT_EQ(piv, rpiv) << "matrix " << b;
    EXPECT_LT(getrf_residual(n, n, a[b], lu, piv), 30.0) << "matrix " << b;
  }
};

class MemorySpace : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(ompbatch::Context::offload_usable(omp_get_default_device()));
    dev = omp_get_default_device();
  }
  int dev = 0;
  Inputs in;
};

TEST_F(MemorySpace, MappedStridedDataIsUsedInPlace) {
  Handle h(OMPB_BACKEND_OFFLOAD);
  const long long stride = n * n;
  std::vector<double> A(stride * count);
  std::vector<int> piv(n * count, 0), info(count, -1);
  for (int b = 0; b < count; ++b) std::copy(in.a[b].begin(), in.a[b].end(), A.begin() + b * stride);
  double *pA = A.data();
  int *pp = piv.data(), *pi = info.data();
  const int len = int(A.size()), plen = int(piv.size());
#pragma omp target enter data map(to : pA [0:len], pp [0:plen], pi [0:count]) device(dev)
  // The host copy now differs from the device copy: a call reading it would fail.
  std::vector<double> host_before(A.size(), -3.0);
  A = host_before;
  pA = A.data();
  ASSERT_EQ(ompbDgetrfStridedBatched(h, n, n, pA, n, stride, pp, n, pi, count), OMPB_STATUS_SUCCESS)
      << ompbGetLastErrorMessage(h);
  EXPECT_EQ(A, host_before) << "the host copy of mapped data was written";
  EXPECT_EQ(info, std::vector<int>(count, -1)) << "the host copy of mapped info was written";
#pragma omp target exit data map(from : pA [0:len], pp [0:plen], pi [0:count]) device(dev)
  for (int b = 0; b < count; ++b) {
    EXPECT_EQ(info[b], 0);
    in.expect_factored(std::vector<double>(A.begin() + b * stride, A.begin() + (b + 1) * stride),
                       std::vector<int>(piv.begin() + b * n, piv.begin() + (b + 1) * n), b);
  }
}

TEST_F(MemorySpace, PointerArrayMixesMappedAndUnmappedMatrices) {
  Handle h(OMPB_BACKEND_OFFLOAD);
  std::vector<std::vector<double>> A = in.a;
  std::vector<double *> ptrs(count);
  for (int b = 0; b < count; ++b) ptrs[b] = A[b].data();
  std::vector<int> piv(n * count), info(count, -1);
  const int nn = n * n;
  for (int b = 0; b < count; b += 2) {  // even matrices mapped by the caller
    double *p = ptrs[b];
#pragma omp target enter data map(to : p [0:nn]) device(dev)
    std::fill(A[b].begin(), A[b].end(), -3.0);  // host copy now stale
  }
  ASSERT_EQ(ompbDgetrfBatched(h, n, ptrs.data(), n, piv.data(), info.data(), count),
            OMPB_STATUS_SUCCESS)
      << ompbGetLastErrorMessage(h);
  for (int b = 0; b < count; ++b) {
    double *p = ptrs[b];
    if (b % 2 == 0) {
      EXPECT_EQ(A[b], std::vector<double>(nn, -3.0))
          << "mapped matrix " << b << " host copy written";
#pragma omp target exit data map(from : p [0:nn]) device(dev)
    }
    EXPECT_EQ(info[b], 0);
    in.expect_factored(A[b], std::vector<int>(piv.begin() + b * n, piv.begin() + (b + 1) * n), b);
  }
}

TEST_F(MemorySpace, DeviceAddressesIncludingADevicePointerArray) {
  Handle h(OMPB_BACKEND_OFFLOAD);
  ASSERT_EQ(ompbSetMemorySpace(h, OMPB_MEMORY_DEVICE), OMPB_STATUS_SUCCESS);
  const int host = omp_get_initial_device();
  const size_t nn = size_t(n) * n;
  auto *dA = static_cast<double *>(omp_target_alloc(sizeof(double) * nn * count, dev));
  auto *dP = static_cast<int *>(omp_target_alloc(sizeof(int) * n * count, dev));
  auto *dI = static_cast<int *>(omp_target_alloc(sizeof(int) * count, dev));
  auto *dPtrs = static_cast<double **>(omp_target_alloc(sizeof(double *) * count, dev));
  ASSERT_TRUE(dA && dP && dI && dPtrs);
  std::vector<double *> ptrs(count);
  for (int b = 0; b < count; ++b) {
    ptrs[b] = dA + b * nn;
    omp_target_memcpy(ptrs[b], in.a[b].data(), sizeof(double) * nn, 0, 0, dev, host);
  }
  omp_target_memcpy(dPtrs, ptrs.data(), sizeof(double *) * count, 0, 0, dev, host);
  ASSERT_EQ(ompbDgetrfBatched(h, n, dPtrs, n, dP, dI, count), OMPB_STATUS_SUCCESS)
      << ompbGetLastErrorMessage(h);
  std::vector<double> A(nn * count);
  std::vector<int> piv(n * count), info(count, -1);
  omp_target_memcpy(A.data(), dA, sizeof(double) * A.size(), 0, 0, host, dev);
  omp_target_memcpy(piv.data(), dP, sizeof(int) * piv.size(), 0, 0, host, dev);
  omp_target_memcpy(info.data(), dI, sizeof(int) * count, 0, 0, host, dev);
  for (int b = 0; b < count; ++b) {
    EXPECT_EQ(info[b], 0);
    in.expect_factored(std::vector<double>(A.begin() + b * nn, A.begin() + (b + 1) * nn),
                       std::vector<int>(piv.begin() + b * n, piv.begin() + (b + 1) * n), b);
  }
  // the strided form on the same device array, after restoring the inputs
  for (int b = 0; b < count; ++b)
    omp_target_memcpy(ptrs[b], in.a[b].data(), sizeof(double) * nn, 0, 0, dev, host);
  ASSERT_EQ(ompbDgetrfStridedBatched(h, n, n, dA, n, nn, dP, n, dI, count), OMPB_STATUS_SUCCESS);
  std::fill(A.begin(), A.end(), 0.0);
  omp_target_memcpy(A.data(), dA, sizeof(double) * A.size(), 0, 0, host, dev);
  omp_target_memcpy(piv.data(), dP, sizeof(int) * piv.size(), 0, 0, host, dev);
  for (int b = 0; b < count; ++b)
    in.expect_factored(std::vector<double>(A.begin() + b * nn, A.begin() + (b + 1) * nn),
                       std::vector<int>(piv.begin() + b * n, piv.begin() + (b + 1) * n), b);
  for (void *p : {static_cast<void *>(dA), static_cast<void *>(dP), static_cast<void *>(dI),
                  static_cast<void *>(dPtrs)})
    omp_target_free(p, dev);
}

TEST_F(MemorySpace, PartlyMappedArrayIsAMappingError) {
  Handle h(OMPB_BACKEND_OFFLOAD);
  std::vector<double> A(n * n * 2);
  for (int b = 0; b < 2; ++b) std::copy(in.a[b].begin(), in.a[b].end(), A.begin() + b * n * n);
  std::vector<int> piv(2 * n), info(2);
  double *pA = A.data();
  const int half = n * n;
#pragma omp target enter data map(to : pA [0:half]) device(dev)
  EXPECT_EQ(ompbDgetrfStridedBatched(h, n, n, pA, n, n * n, piv.data(), n, info.data(), 2),
            OMPB_STATUS_MAPPING_ERROR);
  EXPECT_NE(std::string(ompbGetLastErrorMessage(h)).find("only partly mapped"), std::string::npos)
      << ompbGetLastErrorMessage(h);
#pragma omp target exit data map(delete : pA [0:half]) device(dev)
}

/// A strided batch whose matrices no device memory holds (two of order 2^19: 4 TiB; on the host
/// only the pages of their first columns are real): every routine reports ALLOC_FAILED, changes
/// nothing and prints nothing (on the host-offload plugin the library refuses a request past the
/// machine's memory before the runtime, which would print an error line, sees it), and the
/// handle serves the next call.
TEST_F(MemorySpace, DeviceAllocationFailureChangesNothing) {
  constexpr int big = 1 << 19;
  constexpr long long stride = (long long)big * big;
  Reserved span((stride + stride) * sizeof(double)), out(span.bytes());
  ASSERT_TRUE(span.data() && out.data())
      << "mmap of " << span.bytes() << " bytes (MAP_NORESERVE) failed";
  double *A = span.as<double>();
  for (int b = 0; b < 2; ++b) std::copy(in.a[b].begin(), in.a[b].end(), A + b * stride);
  Handle h(OMPB_BACKEND_OFFLOAD);
  std::vector<int> piv(2 * big, -7), info(2, -9);
  std::vector<double> x(2 * big, 0.5);
  int sinfo = -3;
  const std::vector<std::pair<const char *, std::function<ompbStatus_t()>>> calls = {
      {"getrf",
       [&] {
         return ompbDgetrfStridedBatched(h, big, big, A, big, stride, piv.data(), big, info.data(),
                                         2);
       }},
      {"potrf",
       [&] {
         return ompbDpotrfStridedBatched(h, OMPB_FILL_MODE_LOWER, big, A, big, stride, info.data(),
                                         2);
       }},
      {"getrs",
       [&] {
         return ompbDgetrsStridedBatched(h, OMPB_OP_N, big, 1, A, big, stride, piv.data(), big,
                                         x.data(), big, big, &sinfo, 2);
       }},
      {"matinv",
       [&] {
         return ompbDmatinvStridedBatched(h, big, A, big, stride, out.as<double>(), big, stride,
                                          info.data(), 2);
       }},
  };
  testing::internal::CaptureStderr();
  for (const auto &[name, call] : calls) {
    SCOPED_TRACE(name);
    EXPECT_EQ(call(), OMPB_STATUS_ALLOC_FAILED);
    EXPECT_NE(std::string(ompbGetLastErrorMessage(h)).find("device allocation"), std::string::npos)
        << ompbGetLastErrorMessage(h);
    for (int b = 0; b < 2; ++b)
      EXPECT_TRUE(std::equal(in.a[b].begin(), in.a[b].end(), A + b * stride)) << "matrix " << b;
    EXPECT_EQ(piv, std::vector<int>(2 * big, -7));
    EXPECT_EQ(info, std::vector<int>(2, -9));
    EXPECT_EQ(x, std::vector<double>(2 * big, 0.5));
    EXPECT_EQ(sinfo, -3);
  }
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  // the same handle, a batch that fits
  ASSERT_EQ(ompbDgetrfStridedBatched(h, n, n, A, n, n * n, piv.data(), n, info.data(), 1),
            OMPB_STATUS_SUCCESS)
      << ompbGetLastErrorMessage(h);
  in.expect_factored(std::vector<double>(A, A + n * n),
                     std::vector<int>(piv.begin(), piv.begin() + n), 0);
}

}  // namespace
}  // namespace ompbtest

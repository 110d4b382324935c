// SPDX-License-Identifier: BSD-3-Clause
// OMPBATCH_BACKEND / OMPBATCH_DEVICE / OMPBATCH_HOST_PATH / OMP_TARGET_OFFLOAD as read by
// ompbCreate.
#include "common/harness.hpp"

namespace ompbtest {
namespace {

ompbStatus_t create(ompbBackend_t *resolved) {
  ompbHandle_t h = nullptr;
  const ompbStatus_t s = ompbCreate(&h);
  if (s == OMPB_STATUS_SUCCESS) {
    ompbGetBackend(h, resolved);
    ompbDestroy(h);
  }
  return s;
}

TEST(Environment, BogusBackendIsInvalidValue) {
  EnvGuard env;
  env.set("OMPBATCH_BACKEND", "gpu");
  ompbBackend_t b;
  EXPECT_EQ(create(&b), OMPB_STATUS_INVALID_VALUE);
}

TEST(Environment, BackendIsCaseInsensitive) {
  EnvGuard env;
  ompbBackend_t b = OMPB_BACKEND_AUTO;
  env.set("OMPBATCH_BACKEND", "HoSt");
  ASSERT_EQ(create(&b), OMPB_STATUS_SUCCESS);
  EXPECT_EQ(b, OMPB_BACKEND_HOST);
  env.set("OMPBATCH_BACKEND", "AUTO");
  ASSERT_EQ(create(&b), OMPB_STATUS_SUCCESS);
  EXPECT_EQ(b, ompbatch::Context::offload_usable(omp_get_default_device()) ? OMPB_BACKEND_OFFLOAD
                                                                           : OMPB_BACKEND_HOST);
}

TEST(Environment, OffloadWithOffloadDisabledIsArchMismatch) {
  EnvGuard env;
  env.set("OMPBATCH_BACKEND", "Offload");
  env.set("OMP_TARGET_OFFLOAD", "DISABLED");
  ompbBackend_t b;
  EXPECT_EQ(create(&b), OMPB_STATUS_ARCH_MISMATCH);
  env.set("OMPBATCH_BACKEND", "auto");
  ASSERT_EQ(create(&b), OMPB_STATUS_SUCCESS);
  EXPECT_EQ(b, OMPB_BACKEND_HOST);
}

TEST(Environment, OffloadWithoutDeviceIsArchMismatchElseOffload) {
  EnvGuard env;
  env.set("OMPBATCH_BACKEND", "offload");
  ompbBackend_t b = OMPB_BACKEND_AUTO;
#ifdef OMPBATCH_HAVE_OFFLOAD
  ASSERT_EQ(create(&b), OMPB_STATUS_SUCCESS);
  EXPECT_EQ(b, OMPB_BACKEND_OFFLOAD);
#else
  EXPECT_EQ(create(&b), OMPB_STATUS_ARCH_MISMATCH);
#endif
}

TEST(Environment, BadDeviceNumberIsInvalidValue) {
  EnvGuard env;
  ompbBackend_t b;
  env.set("OMPBATCH_DEVICE", "zero");
  EXPECT_EQ(create(&b), OMPB_STATUS_INVALID_VALUE);
  env.set("OMPBATCH_DEVICE", "-1");
  EXPECT_EQ(create(&b), OMPB_STATUS_INVALID_VALUE);
  env.set("OMPBATCH_DEVICE", std::to_string(std::max(omp_get_num_devices(), 1)).c_str());
  EXPECT_EQ(create(&b), OMPB_STATUS_INVALID_VALUE);  // no such device: no silent fallback
  env.set("OMPBATCH_DEVICE", "0");
  EXPECT_EQ(create(&b), OMPB_STATUS_SUCCESS);
}

TEST(Environment, HostPathIsCaseInsensitiveAndBogusIsInvalidValue) {
  EnvGuard env;
  env.set("OMPBATCH_HOST_PATH", "Vendor");
  EXPECT_EQ(ompbatch::Context().host_path(), ompbatch::HostPath::vendor);
  env.set("OMPBATCH_HOST_PATH", "LANES");
  EXPECT_EQ(ompbatch::Context().host_path(), ompbatch::HostPath::lanes);
  env.set("OMPBATCH_HOST_PATH", "auto");
  EXPECT_EQ(ompbatch::Context().host_path(), ompbatch::HostPath::automatic);
  env.set("OMPBATCH_HOST_PATH", nullptr);
  EXPECT_EQ(ompbatch::Context().host_path(), ompbatch::HostPath::automatic);
  env.set("OMPBATCH_HOST_PATH", "lapack");
  ompbBackend_t b;
  EXPECT_EQ(create(&b), OMPB_STATUS_INVALID_VALUE);
}

TEST(Environment, OffloadShapeIsCaseInsensitiveAndBogusIsInvalidValue) {
  EnvGuard env;
  using ompbatch::OffloadShape;
  env.set("OMPBATCH_OFFLOAD_SHAPE", "Team");
  EXPECT_EQ(ompbatch::Context().offload_shape(), OffloadShape::team);
  env.set("OMPBATCH_OFFLOAD_SHAPE", "THREAD");
  EXPECT_EQ(ompbatch::Context().offload_shape(), OffloadShape::thread);
  env.set("OMPBATCH_OFFLOAD_SHAPE", "Blocked");
  EXPECT_EQ(ompbatch::Context().offload_shape(), OffloadShape::blocked);
  env.set("OMPBATCH_OFFLOAD_SHAPE", "auto");
  EXPECT_EQ(ompbatch::Context().offload_shape(), OffloadShape::automatic);
  env.set("OMPBATCH_OFFLOAD_SHAPE", nullptr);
  EXPECT_EQ(ompbatch::Context().offload_shape(), OffloadShape::automatic);
  env.set("OMPBATCH_OFFLOAD_SHAPE", "warp");
  ompbBackend_t b;
  EXPECT_EQ(create(&b), OMPB_STATUS_INVALID_VALUE);
  env.set("OMPBATCH_OFFLOAD_SHAPE", "thread");
  ompbatch::Context ctx;
  ctx.set_offload_shape(OffloadShape::team);  // the setter overrides the environment
  EXPECT_EQ(ctx.offload_shape(), OffloadShape::team);
}

TEST(Environment, VerbosePrintsOneLine) {
  EnvGuard env;
  env.set("OMPBATCH_VERBOSE", "1");
  env.set("OMPBATCH_BACKEND", "host");
  ::testing::internal::CaptureStderr();
  ompbBackend_t b;
  ASSERT_EQ(create(&b), OMPB_STATUS_SUCCESS);
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("ompbatch: backend=host device="), std::string::npos) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1);
}

}  // namespace
}  // namespace ompbtest

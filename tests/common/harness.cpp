// SPDX-License-Identifier: BSD-3-Clause
#include "common/harness.hpp"

namespace ompbtest {

std::vector<ompbBackend_t> test_backends() {
  // The backend the environment asks for (ctest runs the suite once per backend) ...
  if (const char *env = std::getenv("OMPBATCH_BACKEND"); env && *env) {
    ompbHandle_t h = nullptr;
    if (ompbCreate(&h) != OMPB_STATUS_SUCCESS) return {};
    ompbBackend_t b = OMPB_BACKEND_HOST;
    ompbGetBackend(h, &b);
    ompbDestroy(h);
    return {b};
  }
  // ... else every backend this build can use here.
  std::vector<ompbBackend_t> all{OMPB_BACKEND_HOST};
  if (ompbatch::Context::offload_usable(omp_get_default_device()))
    all.push_back(OMPB_BACKEND_OFFLOAD);
  return all;
}

}  // namespace ompbtest

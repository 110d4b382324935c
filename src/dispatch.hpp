// SPDX-License-Identifier: BSD-3-Clause
// The one place a path is chosen: the context's backend (then, in each backend, the layout).
#pragma once

#include "host/host.hpp"
#include "ompbatch/ompbatch.hpp"
#ifdef OMPBATCH_HAVE_OFFLOAD
#include "offload/offload.hpp"
#endif

namespace ompbatch::detail {

enum class Path { host, offload };

inline Path choose_path(const Context &ctx) {
#ifdef OMPBATCH_HAVE_OFFLOAD
  if (ctx.backend() == Backend::offload) return Path::offload;
#else
  (void)ctx;
#endif
  return Path::host;
}

}  // namespace ompbatch::detail

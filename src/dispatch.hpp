// SPDX-License-Identifier: BSD-3-Clause
// The one place a backend is chosen: the context's resolved backend. Within a backend the
// layout decides how chunks are run (host) or items addressed (offload).
#pragma once

#include "host/host.hpp"
#include "ompbatch/ompbatch.hpp"
#ifdef OMPBATCH_HAVE_OFFLOAD
#include "offload/offload.hpp"
#endif

namespace ompbatch::detail {

/// True when the call runs on the offload backend (never in a build without offload targets).
inline bool use_offload(const Context &ctx) {
#ifdef OMPBATCH_HAVE_OFFLOAD
  return ctx.backend() == Backend::offload;
#else
  (void)ctx;
  return false;
#endif
}

}  // namespace ompbatch::detail

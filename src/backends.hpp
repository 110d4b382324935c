// SPDX-License-Identifier: BSD-3-Clause
// What the core calls: the host backend (simd/host.hpp, the variant this process runs) and the
// offload backend (offload/offload.hpp, in builds with offload targets).
#pragma once

#include "ompbatch/ompbatch.hpp"
#include "simd/host.hpp"
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

// SPDX-License-Identifier: BSD-3-Clause
// Software prefetch of the data a host kernel call will be handed next, spread over the call.
#pragma once

#include "kernels/scalar.hpp"

namespace ompbatch::detail {

#pragma omp declare target

/// Bytes per cache line, the step of every prefetch loop.
inline constexpr idx kCacheLine = 64;

/// Memory the host driver will hand the next kernel call (its next in-place block), to be
/// brought into L2 (prefetcht2 on x86) while this call computes: `bytes` from `p`, nothing when p
/// is null.
struct Ahead {
  const void *p = nullptr;
  idx bytes = 0;
};

/// Issues an Ahead's prefetches in `parts` equal parts, one part per call of next().
class Prefetcher {
 public:
  Prefetcher(Ahead ahead, idx parts) noexcept
      : p_(static_cast<const char *>(ahead.p)),
        end_(p_ ? p_ + ahead.bytes : p_),
        per_(parts > 0 ? ((ahead.bytes + kCacheLine - 1) / kCacheLine + parts - 1) / parts : 0) {}
  void next() noexcept {
    for (idx q = 0; q < per_ && p_ < end_; ++q, p_ += kCacheLine) __builtin_prefetch(p_, 0, 1);
  }

 private:
  const char *p_, *end_;
  idx per_;
};

#pragma omp end declare target

}  // namespace ompbatch::detail

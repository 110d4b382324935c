// SPDX-License-Identifier: BSD-3-Clause
// Software prefetch of the data a host kernel call will be handed next, spread over the call.
#pragma once

#include "kernels/scalar.hpp"

namespace ompbatch::detail {

#pragma omp declare target

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
        per_(parts > 0 ? ((ahead.bytes + kLine - 1) / kLine + parts - 1) / parts : 0) {}
  void next() noexcept {
    for (idx q = 0; q < per_ && p_ < end_; ++q, p_ += kLine) __builtin_prefetch(p_, 0, 1);
  }

 private:
  static constexpr idx kLine = 64;
  const char *p_, *end_;
  idx per_;
};

#pragma omp end declare target

}  // namespace ompbatch::detail

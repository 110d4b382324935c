// SPDX-License-Identifier: BSD-3-Clause
// Software prefetch of the data a host kernel call will be handed next, spread over the call.
#pragma once

#include <cstdint>

#include "kernels/scalar.hpp"

namespace ompbatch::detail {

#pragma omp declare target

/// Bytes per cache line, the step of every prefetch loop.
enum : idx { kCacheLine = 64 };

/// Memory the host driver will hand the next kernel call, to be brought into L2 (prefetcht2 on
/// x86) while this call computes: `ranges` ranges of `bytes` each, from starts[0..ranges) (the
/// next in-place block: one range; the next packed chunk: one per matrix). Empty: nothing.
struct Ahead {
  enum : int { kMaxRanges = 16 };  // the widest getrf kernel's lanes
  const void *starts[kMaxRanges] = {};
  int ranges = 0;
  idx bytes = 0;
};

/// Prefetches the line at address x (Locality: __builtin_prefetch's, 1: L2 on x86, 3: L1).
template <int Locality>
inline void prefetch_line(std::uintptr_t x) noexcept {
  __builtin_prefetch(reinterpret_cast<const void *>(x), 0, Locality);
#if !defined(__NVPTX__) && !defined(__AMDGPU__)
  // GCC 12 removes a loop of nothing but prefetches when its state is dead after it (a
  // Prefetcher's single next() call issued none); the empty asm on the address keeps them.
  asm volatile("" ::"r"(x));
#endif
}

/// Prefetches the lines of `bytes` bytes from p.
template <int Locality>
inline void prefetch_range(const void *p, idx bytes) noexcept {
  const auto first = reinterpret_cast<std::uintptr_t>(p), end = first + std::uintptr_t(bytes);
  for (auto x = first & ~std::uintptr_t(kCacheLine - 1); x < end; x += kCacheLine)
    prefetch_line<Locality>(x);
}

/// Issues an Ahead's prefetches into L2 in `parts` about equal parts, one part per call of
/// next(). It reads the Ahead's starts: the Ahead must outlive it.
class Prefetcher {
 public:
  Prefetcher(const Ahead &ahead, idx parts) noexcept
      : starts_(ahead.starts),
        ranges_(ahead.ranges),
        bytes_(ahead.bytes),
        per_(parts > 0
                 ? (ahead.ranges * ((ahead.bytes + kCacheLine - 1) / kCacheLine + 1) + parts - 1) /
                       parts
                 : 0) {}
  void next() noexcept {
    for (idx q = 0; q < per_; ++q, p_ += kCacheLine) {
      if (p_ >= end_ && !advance()) return;
      prefetch_line<1>(p_);
    }
  }

 private:
  /// Moves to the next range, from the line holding its first byte; false past the last.
  [[gnu::cold]] bool advance() noexcept {
    if (r_ == ranges_) return false;
    const auto first = reinterpret_cast<std::uintptr_t>(starts_[r_++]);
    p_ = first & ~std::uintptr_t(kCacheLine - 1);
    end_ = first + std::uintptr_t(bytes_);
    return true;
  }

  const void *const *starts_;
  int ranges_, r_ = 0;
  idx bytes_, per_;
  std::uintptr_t p_ = 0, end_ = 0;
};

#pragma omp end declare target

}  // namespace ompbatch::detail

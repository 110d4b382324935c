// SPDX-License-Identifier: BSD-3-Clause
// Scratch memory that a thread keeps between calls: the vendor path's unpacked matrices and the
// lane kernels' packed chunks. Allocated per call, every call faulted their pages in again (the
// allocator hands large blocks back to the system on free): unpacking 32 interleaved matrices
// of n = 512 (dpotrf, 2 threads) took 70 ms with the allocation, 19 ms without, next to 50 ms
// in LAPACK.
#pragma once

#include <cstddef>
#include <new>
#include <utility>
#include <vector>

#include "kernels/prefetch.hpp"

namespace ompbatch::detail::host {

/// The most scratch a thread keeps for its next calls; a request past it is allocated for the
/// call only. 72 MiB holds the vendor path's buffers for every routine at n = 512 (two
/// arguments of 8 double matrices, 32 MiB) and one argument at n = 1024 (8 double matrices of
/// n^2 + 24 values, 64 MiB and 1.5 KiB: at 64 MiB that one was allocated, and its pages faulted
/// in, on every call; Intel Xeon VM, g++ build, 16 interleaved double matrices, 2 threads,
/// medians of 2 alternating runs of 3: getrf and getri 1.10x / 1.09x).
inline constexpr std::size_t kKeptScratchBytes = std::size_t(72) << 20;

/// Bytes a scratch buffer holds past what was asked for: the vendor path hands its buffers to
/// BLAS and LAPACK, and Debian's OpenBLAS 0.3.21 cgemv_n and zgemv_n kernels read up to 2 KiB past
/// the end of their vectors (LAPACKE_csytrf's buffers faulted at a guard page after them; the
/// vendor path's own case is cgels's LQ, vendor.cpp).
inline constexpr std::size_t kReadPastBytes = 4096;

/// One thread's kept blocks, each lent to one Scratch at a time; never initialized, aligned to
/// cache lines: the kernels' vector loads of a packed buffer never split a line (at 16 bytes,
/// std::allocator's alignment, in 3 buffers of 4 every 64-byte load split two lines; pointer-
/// array dgetrf, 2 threads, 256 MiB, best of 4 alternating runs: 13.5 -> 16.6 GFLOP/s at
/// n = 32, 20.0 -> 26.0 at n = 64).
class ScratchPool {
 public:
  ScratchPool() = default;
  ScratchPool(const ScratchPool &) = delete;
  ScratchPool &operator=(const ScratchPool &) = delete;
  ~ScratchPool() {
    for (const Block &b : blocks_) free(b.p);
  }

  /// At least `bytes` (and kReadPastBytes past them) for the caller until release(): the
  /// smallest free kept block that holds them; else a free kept block grown (or a new one) while
  /// the kept total stays within kKeptScratchBytes; else a block of the caller's own.
  void *acquire(std::size_t bytes) {
    bytes += kReadPastBytes;
    Block *best = nullptr, *largest = nullptr;
    for (Block &b : blocks_) {
      if (b.used) continue;
      if (b.bytes >= bytes && (!best || b.bytes < best->bytes)) best = &b;
      if (!largest || b.bytes > largest->bytes) largest = &b;
    }
    if (!best) {
      if (largest && kept_ - largest->bytes + bytes <= kKeptScratchBytes) {
        kept_ -= largest->bytes;
        free(largest->p);
        *largest = Block{allocate(bytes), bytes, false};
        kept_ += bytes;
        best = largest;
      } else if (kept_ + bytes <= kKeptScratchBytes) {
        blocks_.push_back(Block{allocate(bytes), bytes, false});
        kept_ += bytes;
        best = &blocks_.back();
      } else {
        return allocate(bytes);
      }
    }
    best->used = true;
    return best->p;
  }
  void release(void *p) noexcept {
    for (Block &b : blocks_)
      if (b.p == p) {
        b.used = false;
        return;
      }
    free(p);
  }

  /// The calling thread's pool.
  static ScratchPool &mine() {
    thread_local ScratchPool pool;
    return pool;
  }

 private:
  struct Block {
    void *p;
    std::size_t bytes;
    bool used;
  };
  static void *allocate(std::size_t bytes) {
    return ::operator new(bytes, std::align_val_t(kCacheLine));
  }
  static void free(void *p) noexcept { ::operator delete(p, std::align_val_t(kCacheLine)); }

  std::vector<Block> blocks_;
  std::size_t kept_ = 0;
};

/// `count` uninitialized values of T from the constructing thread's pool (on construction, or
/// at the first acquire()), returned to it on destruction (which must run on the same thread).
template <class T>
class Scratch {
 public:
  explicit Scratch(std::size_t count = 0) : pool_(&ScratchPool::mine()), p_(nullptr) {
    if (count) acquire(count);
  }
  Scratch(Scratch &&o) noexcept : pool_(o.pool_), p_(std::exchange(o.p_, nullptr)) {}
  Scratch(const Scratch &) = delete;
  Scratch &operator=(const Scratch &) = delete;
  Scratch &operator=(Scratch &&) = delete;
  ~Scratch() {
    if (p_) pool_->release(p_);
  }
  /// The values, acquired now when there are none yet (count: as many as the first call asks).
  T *acquire(std::size_t count) {
    if (!p_) p_ = static_cast<T *>(pool_->acquire(count * sizeof(T)));
    return p_;
  }
  T *data() const noexcept { return p_; }

 private:
  ScratchPool *pool_;
  T *p_;
};

}  // namespace ompbatch::detail::host

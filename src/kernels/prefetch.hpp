// SPDX-License-Identifier: BSD-3-Clause
// Software prefetch of the data a host kernel call will be handed next, spread over the call.
#pragma once

#include <cstdint>

#include "kernels/scalar.hpp"

namespace ompbatch::detail {

#pragma omp declare target

/// Bytes per cache line, the step of every prefetch loop.
enum : idx { kCacheLine = 64 };

/// The part of a matrix a routine reads or writes: all of it, or one triangle with the diagonal
/// (in memory: lower, i >= j; upper, i <= j).
enum class Part { all, lower, upper };

/// Memory the host driver will hand the next kernel call, to be brought into L2 (prefetcht2 on
/// x86) while this call computes: `ranges` ranges of `bytes` each, from starts[0..ranges) (the
/// next in-place block: one range; the next packed chunk: one per matrix). Empty: nothing.
/// With cols > 1, each range is a matrix of `cols` columns, col_stride bytes apart, of `bytes`
/// each (rows of row_bytes), of which only the rows `part` holds are taken.
struct Ahead {
  enum : int { kMaxRanges = 16 };  // the widest getrf kernel's lanes
  const void *starts[kMaxRanges] = {};
  int ranges = 0;
  idx bytes = 0;
  int cols = 1;
  idx col_stride = 0, row_bytes = 0;
  Part part = Part::all;
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

/// The cache lines of an Ahead's memory, range by range and column by column, each column from
/// the line holding its first byte (a line two columns share comes twice). It reads the Ahead:
/// the Ahead must outlive it.
class AheadLines {
 public:
  explicit AheadLines(const Ahead &ahead) noexcept : ahead_(ahead) {}

  /// The Ahead's ranges (none: nothing to walk).
  int ranges() const noexcept { return ahead_.ranges; }

  /// How many lines the walk gives at most: each column's bytes in lines, and one more.
  idx count() const noexcept {
    idx lines = 0;
    for (int c = 0; c < ahead_.cols; ++c) {
      idx first, bytes;
      column(c, first, bytes);
      lines += (bytes + kCacheLine - 1) / kCacheLine + 1;
    }
    return lines * ahead_.ranges;
  }

  /// The next line's address in x; false past the last.
  bool next(std::uintptr_t &x) noexcept {
    while (p_ >= end_)
      if (!advance()) return false;
    x = p_;
    p_ += kCacheLine;
    return true;
  }

 private:
  /// The bytes [first, first + bytes) of column c from a range's start that the part holds.
  void column(int c, idx &first, idx &bytes) const noexcept {
    const Ahead &a = ahead_;
    const idx held = a.part == Part::lower   ? a.bytes - c * a.row_bytes
                     : a.part == Part::upper ? (c + 1) * a.row_bytes
                                             : a.bytes;
    first = c * a.col_stride + (a.part == Part::lower ? c * a.row_bytes : 0);
    bytes = held < 0 ? 0 : held > a.bytes ? a.bytes : held;
  }
  /// Moves to the next column (of this range or the next); false past the last.
  [[gnu::cold]] bool advance() noexcept {
    if (c_ == ahead_.cols) c_ = 0, ++r_;
    if (r_ >= ahead_.ranges) return false;
    idx first, bytes;
    column(c_++, first, bytes);
    const auto start = reinterpret_cast<std::uintptr_t>(ahead_.starts[r_]) + std::uintptr_t(first);
    p_ = bytes > 0 ? start & ~std::uintptr_t(kCacheLine - 1) : start;
    end_ = start + std::uintptr_t(bytes);
    return true;
  }

  const Ahead &ahead_;
  int r_ = 0, c_ = 0;
  std::uintptr_t p_ = 0, end_ = 0;
};

/// Issues an Ahead's prefetches into L2 in `parts` about equal parts, one part per call of
/// next(). It reads the Ahead: the Ahead must outlive it. An empty Ahead (the one-lane kernels')
/// costs neither the count nor its division.
class Prefetcher {
 public:
  Prefetcher(const Ahead &ahead, idx parts) noexcept : lines_(ahead) { plan(parts); }
  /// From now on, the lines in `parts` about equal parts (none where parts is 0).
  void plan(idx parts) noexcept {
    per_ = parts > 0 && lines_.ranges() > 0 ? (lines_.count() + parts - 1) / parts : 0;
  }
  void next() noexcept {
    std::uintptr_t x;
    for (idx q = 0; q < per_ && lines_.next(x); ++q) prefetch_line<1>(x);
  }
  /// The lines that next() has not issued yet, at once: where a kernel took another path than
  /// the one its parts were counted for.
  void rest() noexcept {
    std::uintptr_t x;
    if (per_ > 0)
      while (lines_.next(x)) prefetch_line<1>(x);
  }

 private:
  AheadLines lines_;
  idx per_ = 0;
};

#pragma omp end declare target

}  // namespace ompbatch::detail

// SPDX-License-Identifier: BSD-3-Clause
// The argument checks that look at more than one value: the span of a batch in the address
// space, and the aliasing of the arrays a call writes.
#include "check.hpp"

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace ompbatch::detail {
namespace {

using Wide = __int128;  // spans of int-sized dimensions and 64-bit strides, without overflow

/// v in decimal (v >= 0).
std::string text(Wide v) {
  std::string s;
  do {
    s.insert(s.begin(), char('0' + int(v % 10)));
    v /= 10;
  } while (v > 0);
  return s;
}

/// Where a pointer appears: array `array` of distinct()'s arguments, index `index`.
struct Place {
  const void *p;
  int array, index;
};

}  // namespace

PointerScan Checker::scan(const void *const *ptrs, int count) const {
  // one pass, each thread over its own range (compared to the element before it): the first NULL
  // and whether a pointer ever falls or repeats, on the pointers' addresses (a total order)
  int first = count, falls = 0, repeats = 0;
#pragma omp parallel reduction(min : first) reduction(| : falls, repeats) if (count > 65536)
  {
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    const int b0 = int(idx(count) * t / nt), b1 = int(idx(count) * (t + 1) / nt);
    std::uintptr_t before = b0 > 0 ? reinterpret_cast<std::uintptr_t>(ptrs[b0 - 1]) : 0;
    int f = count, down = 0, same = 0;
    for (int b = b0; b < b1; ++b) {
      const auto p = reinterpret_cast<std::uintptr_t>(ptrs[b]);
      f = p == 0 && f == count ? b : f;
      down |= int(p < before);
      same |= int(p == before) & int(b > 0);
      before = p;
    }
    first = f, falls = down, repeats = same;
  }
  const PointerScan s{ptrs, first, !falls && !repeats, !falls};
  if (scanned_ < int(std::size(scans_))) scans_[scanned_++] = s;
  return s;
}

void Checker::extent(Layout layout, const void *data, std::size_t bytes, int rows, int cols, int ld,
                     long long stride, int width, int count, const char *stride_name,
                     const char *ld_name) const {
  if (layout == Layout::interleaved && width < 1) return;  // reported before
  const Wide matrix = Wide(cols - 1) * ld + rows;          // elements of one item from its first
  Wide span = matrix, block = 0;
  std::string name = ld_name;
  if (layout == Layout::strided && count > 1) {
    span += Wide(count - 1) * stride;
    name = stride_name;
  } else if (layout == Layout::interleaved) {
    block = Wide(width) * ld * cols;
    span = Wide((count - 1) / width) * block + (count - 1) % width + (matrix - 1) * width + 1;
    name = "width";
  }
  const Wide limit = Wide(PTRDIFF_MAX) / Wide(bytes);
  const std::string what = name == ld_name   ? name + " (" + std::to_string(ld) + ")"
                           : name == "width" ? "width (" + std::to_string(width) + ")"
                                             : name + " (" + std::to_string(stride) + ")";
  if (block > limit)
    fail(what + ": an interleaved block of width*" + ld_name + "*" + std::to_string(cols) + " (" +
             text(block) + ") elements is larger than the address space",
         name);
  const bool wraps =
      data && Wide(std::uintptr_t(data)) + span * Wide(bytes) - 1 > Wide(UINTPTR_MAX);
  if (span > limit || wraps)
    fail(what + ": the " + std::to_string(count) + " item(s) span " + text(span) +
             " elements, past the end of the address space",
         name);
}

void Checker::distinct(const Context &ctx, std::initializer_list<ArrayArg> written,
                       std::initializer_list<ArrayArg> read) const {
  std::vector<ArrayArg> args;  // the written arrays first
  for (const ArrayArg &a : written)
    if (!a.empty) args.push_back(a);
  const int writers = int(args.size());
  for (const ArrayArg &a : read)
    if (!a.empty) args.push_back(a);
  const auto clash = [&](const Place &w, const Place &o) {
    const auto at = [&](const Place &p) {
      return std::string(args[p.array].name) +
             (args[p.array].ptrs ? "[" + std::to_string(p.index) + "]" : "");
    };
    fail(
        at(w) + " is " + at(o) +
            ": a matrix the call writes must not be given twice, nor read through another argument",
        args[w.array].name);
  };
  // strided and interleaved arrays: their first elements
  for (int w = 0; w < writers; ++w)
    for (int o = 0; o < int(args.size()); ++o)
      if (o != w && !args[w].ptrs && !args[o].ptrs && args[w].data == args[o].data)
        clash({args[w].data, w, 0}, {args[o].data, o, 0});
  if (ctx.memory_space() != MemorySpace::host) return;
  // pointer arrays: in O(batch) where view() found the written ones increasing and the read ones
  // never decreasing, by merging each pair whose ranges meet; otherwise by sorting them all
  std::vector<int> arrays;
  std::vector<const PointerScan *> scans;
  for (int a = 0; a < int(args.size()); ++a) {
    if (!args[a].ptrs) continue;
    const PointerScan *s = nullptr;
    for (int k = 0; k < scanned_; ++k)
      if (scans_[k].ptrs == args[a].ptrs) s = &scans_[k];
    if (!s) continue;  // not scanned: NULL pointers were reported before
    arrays.push_back(a);
    scans.push_back(s);
  }
  const std::less<const void *> before;
  bool ordered = true;
  for (std::size_t k = 0; k < arrays.size(); ++k)
    ordered = ordered && (arrays[k] < writers ? scans[k]->increasing : scans[k]->nondecreasing);
  if (ordered) {
    for (std::size_t x = 0; x < arrays.size() && arrays[x] < writers; ++x)
      for (std::size_t y = x + 1; y < arrays.size(); ++y) {
        const ArrayArg &a = args[arrays[x]], &b = args[arrays[y]];
        if (before(a.ptrs[a.count - 1], b.ptrs[0]) || before(b.ptrs[b.count - 1], a.ptrs[0]))
          continue;  // disjoint ranges
        for (int i = 0, j = 0; i < a.count && j < b.count;) {
          if (before(a.ptrs[i], b.ptrs[j]))
            ++i;
          else if (before(b.ptrs[j], a.ptrs[i]))
            ++j;
          else
            clash({a.ptrs[i], arrays[x], i}, {b.ptrs[j], arrays[y], j});
        }
      }
    return;
  }
  std::vector<Place> all;
  for (int a : arrays)
    for (int b = 0; b < args[a].count; ++b) all.push_back({args[a].ptrs[b], a, b});
  std::sort(all.begin(), all.end(), [&](const Place &x, const Place &y) {
    return before(x.p, y.p) ||
           (x.p == y.p && (x.array < y.array || (x.array == y.array && x.index < y.index)));
  });
  for (std::size_t k = 0; k + 1 < all.size(); ++k)
    if (all[k].p == all[k + 1].p && all[k].array < writers) clash(all[k], all[k + 1]);
}

}  // namespace ompbatch::detail

// SPDX-License-Identifier: BSD-3-Clause
// Argument checks shared by every routine: each failure throws Error(INVALID_VALUE, routine,
// "what (value) relation (limit)", argument), before any output is written. Routines check in
// the C API's argument order, so the argument reported is the first invalid one; the checks
// that relate arguments (aliasing, distinct) come last.
#pragma once

#include <initializer_list>
#include <string>

#include "kernels/layout.hpp"
#include "ompbatch/ompbatch.hpp"

namespace ompbatch::detail {

/// What one pass over a host pointer array found: its first NULL (count when none), and whether
/// its pointers increase strictly (no repeat) or never decrease (repeats side by side only).
struct PointerScan {
  const void *const *ptrs = nullptr;
  int first_null = 0;
  bool increasing = false, nondecreasing = false;
};

/// One array argument as the aliasing check (Checker::distinct) sees it: its C name and where
/// its items are. Pointer arrays are compared pointer by pointer; strided and interleaved arrays
/// by their first element.
struct ArrayArg {
  const char *name;
  const void *const *ptrs;  // pointer array (host addresses), else nullptr
  const void *data;         // strided or interleaved: the first element
  int count;
  bool empty;  // no element (a size is 0): nothing to compare
};

class Checker {
 public:
  explicit Checker(const char *routine) : routine_(routine) {}

  [[noreturn]] void fail(const std::string &detail, const std::string &argument = "",
                         ompbStatus_t status = OMPB_STATUS_INVALID_VALUE) const {
    throw Error(status, routine_, detail, argument);
  }

  void size(const char *name, long long value) const {
    if (value < 0) fail(std::string(name) + " (" + std::to_string(value) + ") < 0", name);
  }

  /// A C enum argument, valid when one of `allowed`.
  template <class E>
  void choice(const char *name, E value, std::initializer_list<E> allowed) const {
    for (E a : allowed)
      if (a == value) return;
    fail(std::string(name) + " (" + std::to_string(int(value)) + ") is not a valid value", name);
  }

  /// A pointer argument that must not be NULL.
  void not_null(const char *name, const void *p) const {
    if (!p) fail(std::string(name) + " is NULL", name);
  }

  /// The last checks of every routine: the batch size (the last C argument), then the memory
  /// space against the context's backend.
  void batch_and_space(const Context &ctx, long long count) const {
    size("batchSize", count);
    space(ctx);
  }

  /// The memory space must be usable with the context's backend.
  void space(const Context &ctx) const {
    if (ctx.memory_space() == MemorySpace::device && ctx.backend() != Backend::offload)
      fail("memory space OMPB_MEMORY_DEVICE needs the offload backend", "",
           OMPB_STATUS_NOT_SUPPORTED);
  }

  /// One matrix argument, in the C API's argument order: the array (NULL while there is work),
  /// its leading dimension, then its stride or the interleave width, and the range the batch
  /// spans (within the address space). ptr_name and name are the array's C names in the
  /// pointer-array and the other forms ("Aarray", "A"; the stride is "stride" + name), `ld` its
  /// leading dimension's ("lda"), rows/cols its dimensions' ("m").
  template <class T>
  void view(const Context &ctx, const BatchView<T> &v, const char *ptr_name, const char *name,
            const char *ld, const char *rows, const char *cols) const {
    const bool pointers = v.layout == Layout::pointer_array;
    const std::string nm = pointers ? ptr_name : name, l(ld);
    const bool work = v.count > 0 && v.rows > 0 && v.cols > 0;
    if (work) {
      if (pointers) {
        if (!v.ptrs) fail(nm + " is NULL", nm);
        if (ctx.memory_space() == MemorySpace::host) {
          const PointerScan s = scan(reinterpret_cast<const void *const *>(v.ptrs), v.count);
          if (s.first_null < v.count)
            fail(nm + "[" + std::to_string(s.first_null) + "] is NULL", nm);
        }
      } else if (!v.data) {
        fail(nm + " is NULL", nm);
      }
    }
    if (v.ld < (v.rows > 1 ? v.rows : 1))
      fail(l + " (" + std::to_string(v.ld) + ") < max(1," + rows + ") (" + std::to_string(v.rows) +
               ")",
           l);
    if (v.layout == Layout::strided && v.count > 1 && v.stride < (long long)v.ld * v.cols)
      fail("stride" + nm + " (" + std::to_string(v.stride) + ") < " + l + "*" + cols + " (" +
               std::to_string((long long)v.ld * v.cols) + ")",
           "stride" + nm);
    if (v.layout == Layout::interleaved && v.width < 1)
      fail("width (" + std::to_string(v.width) + ") < 1", "width");
    if (work)
      extent(v.layout, v.data, sizeof(T), v.rows, v.cols, v.ld, v.stride, v.width, v.count,
             ("stride" + nm).c_str(), ld);
  }

  /// A vector argument of min(m,n) values per matrix in the matrices' layout (geqrf's tau, a
  /// rows x 1 view): the array, its pointers, and when strided its stride ("stride" + stride).
  template <class T>
  void vector(const Context &ctx, const BatchView<T> &v, const char *ptr_name, const char *name,
              const char *stride) const {
    if (v.layout == Layout::pointer_array) return view(ctx, v, ptr_name, name, "", "", "");
    if (v.rows <= 0 || v.count <= 0) return;
    if (!v.data) fail(std::string(name) + " is NULL", name);
    const std::string s = std::string("stride") + stride;
    if (v.layout == Layout::strided && v.count > 1 && v.stride < v.rows)
      fail(s + " (" + std::to_string(v.stride) + ") < min(m,n) (" + std::to_string(v.rows) + ")",
           s);
    extent(v.layout, v.data, sizeof(T), v.rows, 1, v.rows, v.stride, v.width, v.count, s.c_str(),
           name);
  }

  /// The pivot array of A (any layout; `name` its C name, "PivotArray" or "devIpiv"): its stride
  /// (strided layout, more than one matrix) and the range it spans. Pointer arrays' pivots lie
  /// n apart in one array (cuBLAS).
  template <class T>
  void pivots(const BatchView<T> &A, const int *ipiv, long long stride, const char *name) const {
    const int kmax = A.rows < A.cols ? A.rows : A.cols;
    if (!ipiv) return;
    if (A.layout == Layout::strided && A.count > 1 && stride < kmax)
      fail("strideP (" + std::to_string(stride) + ") < min(m,n) (" + std::to_string(kmax) + ")",
           "strideP");
    if (kmax <= 0 || A.count <= 0) return;
    const bool pointers = A.layout == Layout::pointer_array;
    extent(pointers ? Layout::strided : A.layout, ipiv, sizeof(int), kmax, 1, kmax,
           pointers ? A.cols : stride, A.width, A.count, pointers ? name : "strideP", name);
  }

  /// Every matrix argument of a call has the first one's layout (and interleave width).
  template <class T, class U>
  void same_layout(const BatchView<T> &a, const BatchView<U> &b, const char *name) const {
    if (a.layout != b.layout || (a.layout == Layout::interleaved && a.width != b.width))
      fail(std::string(name) + " is not in the layout of the first matrix argument", name);
  }

  /// An argument of distinct(): `ptr_name` in the pointer-array form, `name` in the others.
  template <class T>
  static ArrayArg arg(const BatchView<T> &v, const char *ptr_name, const char *name) {
    const bool pointers = v.layout == Layout::pointer_array;
    return {pointers ? ptr_name : name,
            pointers ? reinterpret_cast<const void *const *>(v.ptrs) : nullptr, v.data, v.count,
            v.count == 0 || v.rows == 0 || v.cols == 0};
  }

  /// No matrix is written twice by one call, nor read by it through another argument while it
  /// writes it: a pointer that repeats within or across the `written` arrays, or that one of the
  /// `read` arrays repeats, is INVALID_VALUE naming both places ("Barray[3] is Aarray[3]"); so is
  /// a strided or interleaved array written from the first element of another. Read-only arrays
  /// may repeat pointers among themselves. Matrices that overlap in part are not detected (the
  /// README calls them undefined); neither are device pointer arrays (OMPB_MEMORY_DEVICE), which
  /// the host cannot read. Arrays already scanned by view() cost O(batch) when their pointers
  /// increase, else a sort.
  void distinct(const Context &ctx, std::initializer_list<ArrayArg> written,
                std::initializer_list<ArrayArg> read = {}) const;

 private:
  /// One pass over a host pointer array (on all threads past 64 Ki pointers), remembered for
  /// distinct(): 64 Ki pointers took 65 us on one thread of the Zen 3 VM, 30 us without the
  /// order (NULLs alone, vectorized), next to 2 ms of a pointer-array zpotrs call at n = 4.
  PointerScan scan(const void *const *ptrs, int count) const;

  /// The batch's items (rows x cols of `bytes` each, leading dimension ld, in `layout`) from the
  /// first element to the last one fit the address space from `data` (host or device; pointer
  /// arrays: each matrix alone): their span in bytes fits a ptrdiff_t without passing the end of
  /// the address space, and so does an interleaved block's size. The error names the argument
  /// that stretches the span: the stride (`stride_name`) of more than one strided item, the
  /// width of interleaved ones, else the leading dimension (`ld_name`).
  void extent(Layout layout, const void *data, std::size_t bytes, int rows, int cols, int ld,
              long long stride, int width, int count, const char *stride_name,
              const char *ld_name) const;

  const char *routine_;
  mutable PointerScan scans_[3];  // the last pointer arrays view() scanned, for distinct()
  mutable int scanned_ = 0;
};

}  // namespace ompbatch::detail

// SPDX-License-Identifier: BSD-3-Clause
// Argument checks shared by every routine: each failure throws Error(INVALID_VALUE, routine,
// "what (value) relation (limit)", argument), before any output is written. Routines check in
// the C API's argument order, so the argument reported is the first invalid one.
#pragma once

#include <initializer_list>
#include <string>

#include "kernels/layout.hpp"
#include "ompbatch/ompbatch.hpp"

namespace ompbatch::detail {

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
  /// its leading dimension, then its stride or the interleave width. ptr_name and name are the
  /// array's C names in the pointer-array and the other forms ("Aarray", "A"; the stride is
  /// "stride" + name), `ld` its leading dimension's ("lda"), rows/cols its dimensions' ("m").
  template <class T>
  void view(const Context &ctx, const BatchView<T> &v, const char *ptr_name, const char *name,
            const char *ld, const char *rows, const char *cols) const {
    const bool pointers = v.layout == Layout::pointer_array;
    const std::string nm = pointers ? ptr_name : name, l(ld);
    if (v.count > 0 && v.rows > 0 && v.cols > 0) {
      if (pointers) {
        if (!v.ptrs) fail(nm + " is NULL", nm);
        if (ctx.memory_space() == MemorySpace::host) {
          const int b = first_null(v.ptrs, v.count);
          if (b < v.count) fail(nm + "[" + std::to_string(b) + "] is NULL", nm);
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
  }

  /// A vector argument of min(m,n) values per matrix in the matrices' layout (geqrf's tau, a
  /// rows x 1 view): the array, its pointers, and when strided its stride ("stride" + stride).
  template <class T>
  void vector(const Context &ctx, const BatchView<T> &v, const char *ptr_name, const char *name,
              const char *stride) const {
    if (v.layout == Layout::pointer_array) return view(ctx, v, ptr_name, name, "", "", "");
    if (v.rows == 0 || v.count == 0) return;
    if (!v.data) fail(std::string(name) + " is NULL", name);
    if (v.layout == Layout::strided && v.count > 1 && v.stride < v.rows)
      fail(std::string("stride") + stride + " (" + std::to_string(v.stride) + ") < min(m,n) (" +
               std::to_string(v.rows) + ")",
           std::string("stride") + stride);
  }

  /// A pivot array's stride (strided layout, more than one matrix).
  template <class T>
  void pivot_stride(const BatchView<T> &A, const int *ipiv, long long stride) const {
    const int kmax = A.rows < A.cols ? A.rows : A.cols;
    if (ipiv && A.layout == Layout::strided && A.count > 1 && stride < kmax)
      fail("strideP (" + std::to_string(stride) + ") < min(m,n) (" + std::to_string(kmax) + ")",
           "strideP");
  }

  /// Every matrix argument of a call has the first one's layout (and interleave width).
  template <class T, class U>
  void same_layout(const BatchView<T> &a, const BatchView<U> &b, const char *name) const {
    if (a.layout != b.layout || (a.layout == Layout::interleaved && a.width != b.width))
      fail(std::string(name) + " is not in the layout of the first matrix argument", name);
  }

 private:
  /// The first b < count with ptrs[b] == NULL, else count: one pass on all threads (4 Mi
  /// pointers, 2 threads: 6.0 -> 2.0 ms against a serial loop that stops at the first, a sixth
  /// of a pointer-array sgetrf call at n = 4).
  template <class T>
  static int first_null(T *const *ptrs, int count) {
    int first = count;
#pragma omp parallel for reduction(min : first) schedule(static) if (count > 65536)
    for (int b = 0; b < count; ++b)
      if (!ptrs[b] && b < first) first = b;
    return first;
  }

  const char *routine_;
};

}  // namespace ompbatch::detail

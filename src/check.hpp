// SPDX-License-Identifier: BSD-3-Clause
// Argument checks shared by every routine: each failure throws Error(INVALID_VALUE, routine,
// "what (value) relation (limit)"), before any output is written.
#pragma once

#include <string>

#include "kernels/layout.hpp"
#include "ompbatch/ompbatch.hpp"

namespace ompbatch::detail {

class Checker {
 public:
  explicit Checker(const char *routine) : routine_(routine) {}

  [[noreturn]] void fail(const std::string &detail,
                         ompbStatus_t status = OMPB_STATUS_INVALID_VALUE) const {
    throw Error(status, routine_, detail);
  }

  void size(const char *name, long long value) const {
    if (value < 0) fail(std::string(name) + " (" + std::to_string(value) + ") < 0");
  }

  /// The memory space must be usable with the context's backend.
  void space(const Context &ctx) const {
    if (ctx.memory_space() == MemorySpace::device && ctx.backend() != Backend::offload)
      fail("memory space OMPB_MEMORY_DEVICE needs the offload backend", OMPB_STATUS_NOT_SUPPORTED);
  }

  /// Leading dimension, stride or width, and NULL arrays, of one matrix argument.
  /// `name` is the array's C name ("A"), rows/cols the names of its dimensions ("m", "n").
  template <class T>
  void view(const Context &ctx, const BatchView<T> &v, const char *name, const char *ld,
            const char *rows, const char *cols) const {
    const std::string nm(name), l(ld);
    if (v.ld < (v.rows > 1 ? v.rows : 1))
      fail(l + " (" + std::to_string(v.ld) + ") < max(1," + rows + ") (" + std::to_string(v.rows) +
           ")");
    if (v.layout == Layout::strided && v.count > 1 && v.stride < (long long)v.ld * v.cols)
      fail("stride" + nm + " (" + std::to_string(v.stride) + ") < " + l + "*" + cols + " (" +
           std::to_string((long long)v.ld * v.cols) + ")");
    if (v.layout == Layout::interleaved && v.width < 1)
      fail("width (" + std::to_string(v.width) + ") < 1");
    if (v.count == 0 || v.rows == 0 || v.cols == 0) return;
    if (v.layout == Layout::pointer_array) {
      if (!v.ptrs) fail(nm + " is NULL");
      if (ctx.memory_space() == MemorySpace::host)
        for (int b = 0; b < v.count; ++b)
          if (!v.ptrs[b]) fail(nm + "[" + std::to_string(b) + "] is NULL");
    } else if (!v.data) {
      fail(nm + " is NULL");
    }
  }

 private:
  const char *routine_;
};

}  // namespace ompbatch::detail

// SPDX-License-Identifier: BSD-3-Clause
// The memory-space contract on the offload backend. An argument in OMPB_MEMORY_DEVICE is
// used as given. A host argument the caller has mapped is replaced by its device copy (the
// host copy is not touched). An unmapped one is copied for the call to a device buffer that holds
// its matrices alone, and copy_out() writes back their elements alone (rows 0..m-1 of each
// column): nothing between the matrices travels or is written, so calls on disjoint matrices of
// one buffer are independent, and a sparse stride costs what its matrices cost. Strided and
// interleaved batches are compact on the device (ld = m; strided matrices side by side,
// interleaved blocks of the same width side by side); a pointer array's unmapped matrices are
// staged together in one buffer, each with the caller's leading dimension, beside the mapped ones.
#pragma once

#include <omp.h>

#include <cstddef>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "kernels/layout.hpp"

namespace ompbatch::detail::offload {

/// One contiguous host range resolved to a device address for the duration of a call.
class DeviceRange {
 public:
  DeviceRange(const char *name, void *host, std::size_t bytes, int dev, MemorySpace space,
              bool copy_in);
  ~DeviceRange();
  DeviceRange(const DeviceRange &) = delete;
  DeviceRange &operator=(const DeviceRange &) = delete;
  void *get() const noexcept { return dev_ptr_; }
  /// Copies an owned device buffer back to the host range.
  void copy_out();

 private:
  void *host_, *dev_ptr_ = nullptr;
  std::size_t bytes_;
  int dev_;
  bool owned_ = false;
};

/// The device address mapped to host range [host, host+bytes), or nullptr when the range is
/// not mapped. Throws MAPPING_ERROR when only part of it is.
void *mapped(const char *name, const void *host, std::size_t bytes, int dev);

/// Copies `bytes` between host and device (to_device: host -> device); throws on failure.
void transfer(void *dst, const void *src, std::size_t bytes, int dev, bool to_device);

/// `bytes` of device memory (omp_target_alloc), or ALLOC_FAILED naming `what`.
void *device_alloc(std::size_t bytes, int dev, const std::string &what);

/// Device memory that is freed with the object.
class DeviceBuffer {
 public:
  DeviceBuffer(std::size_t bytes, int dev, const std::string &what = "scratch");
  ~DeviceBuffer() {
    if (ptr_) omp_target_free(ptr_, dev_);
  }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  void *get() const noexcept { return ptr_; }

 private:
  void *ptr_ = nullptr;
  int dev_;
};

/// A strided or interleaved host batch, its element size in bytes, and its compact device copy
/// at `device` (the layout DeviceBatch gives its view on the device): ld = rows, strided items
/// side by side, interleaved blocks of device_width(width, count) lanes side by side.
struct CompactCopy {
  Layout layout;
  char *host;
  std::size_t elem;
  int rows, cols, ld, width, count;
  long long stride;
  char *device;
};

/// The interleave width of the compact device copy: the host's, or the batch's size where that
/// is smaller (one block, which then holds no padding lanes).
inline int device_width(int width, int count) {
  return count < width ? count : width;
}

/// Elements of the compact device copy of a strided or interleaved batch (interleaved: whole
/// blocks).
idx compact_elements(Layout layout, int rows, int cols, int width, int count);

/// Copies the matrices' elements (rows 0..rows-1 of each column of each item; of an interleaved
/// block's lanes, those of items) between the host batch and its compact device copy, through
/// a host staging buffer where the host batch has gaps.
void copy_compact(const CompactCopy &c, int dev, bool to_device);

/// A batch view whose addresses are device addresses.
template <class T>
class DeviceBatch {
 public:
  DeviceBatch(const char *name, const BatchView<T> &v, int dev, MemorySpace space, bool copy_in)
      : host_(v), view_(v), dev_(dev) {
    if (space == MemorySpace::device || v.count == 0 || v.rows == 0 || v.cols == 0) return;
    if (v.layout != Layout::pointer_array) {
      if (!v.data) return;  // an absent argument (no pivots)
      auto *data = reinterpret_cast<char *>(const_cast<std::remove_const_t<T> *>(v.data));
      if (void *d = mapped(name, data, sizeof(T) * extent(v), dev)) {
        view_.data = static_cast<T *>(d);
        return;
      }
      const idx elements = compact_elements(v.layout, v.rows, v.cols, v.width, v.count);
      compact_.emplace(sizeof(T) * elements, dev, name);
      view_.data = static_cast<T *>(compact_->get());
      view_.ld = v.rows;
      view_.stride = idx(v.rows) * v.cols;
      view_.width = device_width(v.width, v.count);
      copy_ =
          CompactCopy{v.layout, data,    sizeof(T), v.rows,   v.cols,
                      v.ld,     v.width, v.count,   v.stride, static_cast<char *>(compact_->get())};
      if (copy_in) copy_compact(*copy_, dev, true);
      return;
    }
    // pointer array: mapped matrices in place, the others staged in one buffer
    const idx len = idx(v.ld) * (v.cols - 1) + v.rows;
    std::vector<T *> dptrs(v.count);
    for (int b = 0; b < v.count; ++b) {
      dptrs[b] = static_cast<T *>(mapped(name, v.ptrs[b], sizeof(T) * len, dev));
      if (!dptrs[b]) staged_.push_back(b);
    }
    if (!staged_.empty()) {
      stage_.resize(staged_.size() * len);
      if (copy_in)
        for (std::size_t s = 0; s < staged_.size(); ++s)
          std::memcpy(static_cast<void *>(&stage_[s * len]), v.ptrs[staged_[s]], sizeof(T) * len);
      stage_dev_.emplace(sizeof(T) * stage_.size(), dev, name);
      if (copy_in) transfer(stage_dev_->get(), stage_.data(), sizeof(T) * stage_.size(), dev, true);
      auto *base = static_cast<T *>(stage_dev_->get());
      for (std::size_t s = 0; s < staged_.size(); ++s) dptrs[staged_[s]] = base + s * len;
    }
    ptrs_dev_.emplace(sizeof(T *) * v.count, dev, name);
    transfer(ptrs_dev_->get(), dptrs.data(), sizeof(T *) * v.count, dev, true);
    view_.ptrs = static_cast<T *const *>(ptrs_dev_->get());
    len_ = len;
  }

  const BatchView<T> &view() const noexcept { return view_; }

  /// Brings results back to the host copies the call made; mapped and device data stay put.
  void copy_out() {
    if (copy_) copy_compact(*copy_, dev_, false);
    if (staged_.empty()) return;
    transfer(stage_.data(), stage_dev_->get(), sizeof(T) * stage_.size(), dev_, false);
    for (std::size_t s = 0; s < staged_.size(); ++s) {
      T *dst = host_.ptrs[staged_[s]];
      for (int j = 0; j < host_.cols; ++j)
        std::memcpy(static_cast<void *>(dst + idx(j) * host_.ld),
                    &stage_[s * len_ + idx(j) * host_.ld], sizeof(T) * host_.rows);
    }
  }

 private:
  BatchView<T> host_, view_;
  int dev_;
  std::optional<DeviceBuffer> compact_;  // strided and interleaved, unmapped
  std::optional<CompactCopy> copy_;
  std::vector<int> staged_;  // pointer array: unmapped matrices, staged in stage_
  std::vector<std::remove_const_t<T>> stage_;
  std::optional<DeviceBuffer> stage_dev_, ptrs_dev_;
  idx len_ = 0;
};

}  // namespace ompbatch::detail::offload

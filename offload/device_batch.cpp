// SPDX-License-Identifier: BSD-3-Clause
#include "offload/device_batch.hpp"

#include <sys/sysinfo.h>

#include <algorithm>

namespace ompbatch::detail::offload {
namespace {

[[noreturn]] void fail(ompbStatus_t status, const std::string &detail) {
  throw Error(status, "offload", detail);
}

#ifdef OMPBATCH_OFFLOAD_NVPTX
constexpr bool kHostPlugin = false;
#else
constexpr bool kHostPlugin = true;  // the devices are clang's host-offload plugin: this machine
#endif

/// The most a host-offload device can allocate: this machine's memory and swap.
std::size_t host_plugin_memory() {
  struct sysinfo s {};
  if (sysinfo(&s) != 0) return SIZE_MAX;
  return (std::size_t(s.totalram) + s.totalswap) * s.mem_unit;
}

/// Bytes of the host staging buffer of copy_compact (at least one matrix or block).
constexpr std::size_t kStageBytes = std::size_t(16) << 20;

}  // namespace

void *mapped(const char *name, const void *host, std::size_t bytes, int dev) {
  if (!omp_target_is_present(host, dev)) return nullptr;
  auto *first = static_cast<char *>(omp_get_mapped_ptr(host, dev));
  const void *last_host = static_cast<const char *>(host) + bytes - 1;
  if (!first || !omp_target_is_present(last_host, dev) ||
      static_cast<char *>(omp_get_mapped_ptr(last_host, dev)) != first + bytes - 1)
    fail(OMPB_STATUS_MAPPING_ERROR, std::string(name) + " is only partly mapped on device " +
                                        std::to_string(dev) + " (" + std::to_string(bytes) +
                                        " bytes needed)");
  return first;
}

void transfer(void *dst, const void *src, std::size_t bytes, int dev, bool to_device) {
  const int host = omp_get_initial_device();
  if (omp_target_memcpy(dst, src, bytes, 0, 0, to_device ? dev : host, to_device ? host : dev))
    fail(OMPB_STATUS_MAPPING_ERROR, std::string("copy of ") + std::to_string(bytes) + " bytes " +
                                        (to_device ? "to" : "from") + " device " +
                                        std::to_string(dev) + " failed");
}

// (On the host-offload plugin a request past the machine's memory fails here: the runtime would
// print an error line for it on stderr.)
void *device_alloc(std::size_t bytes, int dev, const std::string &what) {
  void *p = kHostPlugin && bytes > host_plugin_memory() ? nullptr : omp_target_alloc(bytes, dev);
  if (!p)
    fail(OMPB_STATUS_ALLOC_FAILED, "device allocation of " + std::to_string(bytes) + " bytes for " +
                                       what + " on device " + std::to_string(dev) + " failed");
  return p;
}

DeviceBuffer::DeviceBuffer(std::size_t bytes, int dev, const std::string &what) : dev_(dev) {
  ptr_ = device_alloc(bytes, dev, what);
}

DeviceRange::DeviceRange(const char *name, void *host, std::size_t bytes, int dev,
                         MemorySpace space, bool copy_in)
    : host_(host), bytes_(bytes), dev_(dev) {
  if (space == MemorySpace::device || !host || bytes == 0) {
    dev_ptr_ = host;
    return;
  }
  dev_ptr_ = mapped(name, host, bytes, dev);
  if (dev_ptr_) return;
  dev_ptr_ = device_alloc(bytes, dev, name);
  owned_ = true;
  if (copy_in) {
    try {
      transfer(dev_ptr_, host, bytes, dev, true);
    } catch (...) {
      omp_target_free(dev_ptr_, dev);
      throw;
    }
  }
}

DeviceRange::~DeviceRange() {
  if (owned_) omp_target_free(dev_ptr_, dev_);
}

void DeviceRange::copy_out() {
  if (owned_) transfer(host_, dev_ptr_, bytes_, dev_, false);
}

idx compact_elements(Layout layout, int rows, int cols, int width, int count) {
  if (layout == Layout::interleaved)
    return (idx(count) + width - 1) / width * device_width(width, count) * rows * cols;
  return idx(count) * rows * cols;
}

void copy_compact(const CompactCopy &c, int dev, bool to_device) {
  const std::size_t e = c.elem;
  const bool il = c.layout == Layout::interleaved;
  const idx lanes = il ? device_width(c.width, c.count) : 1;  // a unit's items on the device
  const idx unit = idx(c.rows) * c.cols * lanes;  // elements of a unit (matrix or block), device
  const idx units = il ? (idx(c.count) + c.width - 1) / c.width : c.count;
  const idx host_unit = il ? idx(c.width) * c.ld * c.cols : c.stride;  // units' distance, host
  const idx host_rs = il ? c.width : 1, host_cs = idx(c.ld) * host_rs;
  // units whose elements, and nothing else, fill one contiguous host range in the device's order
  // are transferred as they are: all of them where they lie side by side, but an interleaved
  // batch's last partial block
  const bool tight = (c.ld == c.rows || c.cols == 1) && host_rs == lanes;
  idx whole = 0;
  if (tight && (units == 1 || host_unit == unit)) whole = il && c.count % lanes ? units - 1 : units;
  if (whole > 0) {
    const std::size_t bytes = std::size_t(whole * unit) * e;
    if (to_device)
      transfer(c.device, c.host, bytes, dev, true);
    else
      transfer(c.host, c.device, bytes, dev, false);
  }
  if (whole == units) return;
  // the other units through a staging buffer kept by the thread: gathered there and sent, or
  // brought there and scattered; a partial block's padding lanes go to the device as zeros and
  // never come back
  thread_local std::vector<char> stage;
  const idx per = std::max<idx>(1, idx(kStageBytes / (std::size_t(unit) * e)));
  stage.resize(std::size_t(std::min(per, units - whole) * unit) * e);
  for (idx u0 = whole; u0 < units; u0 += per) {
    const idx u1 = std::min(units, u0 + per);
    char *dev_at = c.device + std::size_t(u0 * unit) * e;
    const std::size_t bytes = std::size_t((u1 - u0) * unit) * e;
    if (!to_device) transfer(stage.data(), dev_at, bytes, dev, false);
    for (idx u = u0; u < u1; ++u) {
      char *s = stage.data() + std::size_t((u - u0) * unit) * e;
      char *h = c.host + std::size_t(u * host_unit) * e;
      const idx items = il ? std::min<idx>(c.width, c.count - u * c.width) : 1;
      if (to_device && items < lanes) std::fill(s, s + std::size_t(unit) * e, char(0));
      for (int j = 0; j < c.cols; ++j) {
        char *sj = s + std::size_t(idx(j) * c.rows * lanes) * e;
        char *hj = h + std::size_t(j * host_cs) * e;
        if (items == lanes && host_rs == lanes) {  // a column's rows and lanes: contiguous
          const std::size_t n = std::size_t(c.rows * lanes) * e;
          to_device ? std::memcpy(sj, hj, n) : std::memcpy(hj, sj, n);
          continue;
        }
        for (int i = 0; i < c.rows; ++i) {  // each element's items
          char *si = sj + std::size_t(i * lanes) * e, *hi = hj + std::size_t(i * host_rs) * e;
          const std::size_t n = std::size_t(items) * e;
          to_device ? std::memcpy(si, hi, n) : std::memcpy(hi, si, n);
        }
      }
    }
    if (to_device) transfer(dev_at, stage.data(), bytes, dev, true);
  }
}

}  // namespace ompbatch::detail::offload

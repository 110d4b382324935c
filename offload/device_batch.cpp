// SPDX-License-Identifier: BSD-3-Clause
#include "offload/device_batch.hpp"

namespace ompbatch::detail::offload {
namespace {

[[noreturn]] void fail(ompbStatus_t status, const std::string &detail) {
  throw Error(status, "offload", detail);
}

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

DeviceBuffer::DeviceBuffer(std::size_t bytes, int dev) : dev_(dev) {
  ptr_ = omp_target_alloc(bytes, dev);
  if (!ptr_)
    fail(OMPB_STATUS_ALLOC_FAILED, "device allocation of " + std::to_string(bytes) +
                                       " bytes on device " + std::to_string(dev) + " failed");
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
  dev_ptr_ = omp_target_alloc(bytes, dev);
  if (!dev_ptr_)
    fail(OMPB_STATUS_ALLOC_FAILED,
         "device allocation of " + std::to_string(bytes) + " bytes for " + name + " failed");
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

}  // namespace ompbatch::detail::offload

// SPDX-License-Identifier: BSD-3-Clause
// The vendor path's driver: one LAPACKE/CBLAS call per matrix on column-major storage. Pointer-
// array and strided batches are used in place; interleaved batches are unpacked chunk by chunk
// (one cache line of lanes of one block) into column-major buffers, each cache line read
// once, and packed back. Three ways to spread the work over the OpenMP threads (Spread).
#pragma once

#include <cblas.h>
#include <omp.h>

#include <algorithm>
#include <mutex>
#include <shared_mutex>
#include <type_traits>

#include "kernels/layout.hpp"
#include "simd/lanes.hpp"
#include "simd/scratch.hpp"

namespace ompbatch::detail::vendor {

/// OpenBLAS's thread count is one setting for the whole process, while calls may come from
/// several threads at once (each with its own handle, or sharing one). Calls that run OpenBLAS
/// on one thread per matrix share it: the first to enter sets 1, the last to leave restores the
/// caller's setting. A call that runs one matrix at a time on all threads holds it alone. So no
/// call's OpenBLAS runs on a thread count another call set (results would depend on the
/// interleaving of calls), and the caller's setting is what it was once no call is running.
struct BlasSetting {
  std::shared_mutex use;  // shared: one-thread calls; exclusive: a threaded call
  std::mutex count_lock;  // guards single and saved
  int single = 0, saved = 0;
  static BlasSetting &get() {
    static BlasSetting s;
    return s;
  }
};

/// OpenBLAS on `threads` threads for the duration of a call (see BlasSetting). The OpenMP build
/// of OpenBLAS also sets the calling thread's OpenMP team size: restored too.
class BlasThreads {
 public:
  explicit BlasThreads(int threads) : team_(omp_get_max_threads()), alone_(threads > 1) {
    BlasSetting &s = BlasSetting::get();
    if (alone_) {
      s.use.lock();
      saved_ = openblas_get_num_threads();
      openblas_set_num_threads(threads);
    } else {
      s.use.lock_shared();
      const std::lock_guard<std::mutex> count(s.count_lock);
      if (s.single++ == 0) {
        s.saved = openblas_get_num_threads();
        openblas_set_num_threads(1);
      }
    }
    omp_set_num_threads(team_);
  }
  ~BlasThreads() {
    BlasSetting &s = BlasSetting::get();
    if (alone_) {
      openblas_set_num_threads(saved_);
      s.use.unlock();
    } else {
      {
        const std::lock_guard<std::mutex> count(s.count_lock);
        if (--s.single == 0) openblas_set_num_threads(s.saved);
      }
      s.use.unlock_shared();
    }
    omp_set_num_threads(team_);
  }
  BlasThreads(const BlasThreads &) = delete;
  BlasThreads &operator=(const BlasThreads &) = delete;

 private:
  int team_, saved_ = 0;
  bool alone_;
};

/// Matrices of an interleaved batch unpacked together (one chunk): one cache line of lanes, so
/// that each line is read once and the buffers stay small (16 MiB per argument at n = 512 in
/// every precision). The pivots' int gives at least the lanes of any matrix's type.
template <class T>
inline constexpr int kVendorLanes = int(kCacheLine / sizeof(T));

/// How the matrices are spread over the threads: each thread its own chunks (matrices, or
/// chunks of an interleaved batch), OpenBLAS on one thread; the whole team on one chunk at a
/// time (an interleaved batch of fewer chunks than threads: the copies split by columns, the
/// calls by matrices; split by lanes instead, two threads wrote the same cache lines); or one
/// matrix after another with OpenBLAS on all threads (few large matrices).
enum class Spread { per_thread, team, threaded_blas };

/// f(i) for i < count: split over the team (inside a parallel region) or all here.
template <class F>
void split(bool team, int count, F &&f) {
  if (team) {
#pragma omp for schedule(static)
    for (int i = 0; i < count; ++i) f(i);
  } else {
    for (int i = 0; i < count; ++i) f(i);
  }
}

/// c = a, m x n, column-major.
template <class T>
void copy_matrix(int m, int n, const T *a, idx lda, T *c, idx ldc) {
  for (int j = 0; j < n; ++j) std::copy(a + j * lda, a + j * lda + m, c + j * ldc);
}

/// Rows i0..i1-1 of column j of the items from b of an interleaved or strided batch, as a batch
/// of columns whose item `first` is b and that holds `room` items from there: for an interleaved
/// batch, the (i1-i0) x 1 columns of b's block, so that no offset spans more than the block.
template <class T>
BatchView<T> column(const BatchView<T> &v, int j, int i0, int i1, idx b, idx &first, idx &room) {
  if (v.layout == Layout::interleaved) {
    first = b % v.width;
    room = v.width - first;
    T *block = v.data + (b / v.width) * idx(v.width) * v.ld * v.cols;
    return BatchView<T>::interleaved(i1 - i0, 1, block + (idx(j) * v.ld + i0) * v.width, i1 - i0,
                                     v.width, v.width);
  }
  first = b;
  room = v.count - b;
  return BatchView<T>::strided(i1 - i0, 1, v.data + idx(j) * v.ld + i0, v.ld, v.stride, v.count);
}

/// One argument of the per-matrix calls: matrix l of the bound chunk at ptr(l) with leading
/// dimension ld(); in place, or (interleaved) in this object's buffer, copied in (in) on bind
/// and out (out) on finish (the buffer from the thread's kept scratch, host/scratch.hpp). An
/// absent argument (NULL) gives ptr(l) == nullptr.
template <class U>
class Columns {
 public:
  using T = std::remove_const_t<U>;
  /// part: what the calls read and write (a triangle: half the copies of an interleaved batch).
  Columns(const BatchView<U> &v, bool in, bool out, Part part = Part::all)
      : v_(v),
        in_(in),
        out_(out),
        present_(v.data || v.ptrs),
        unpacked_(v.layout == Layout::interleaved && present_),
        part_(part),
        // matrix stride off powers of two (cache-set conflicts)
        mn_(idx(v.rows) * v.cols + 24),
        buf_(unpacked_ ? std::size_t(mn_ * std::min<idx>(kVendorLanes<T>, v.count)) : 0) {}

  void bind(idx b0, int lanes, bool team) {
    if (team) {  // one object for the team: one writer, and single's barrier before any read
#pragma omp single
      b0_ = b0;
    } else {
      b0_ = b0;
    }
    if (unpacked_ && in_) move<true>(v_, b0, lanes, team);
  }
  /// bind, with the chunk's matrices of `from` (a batch of v's layout and sizes) copied in: into
  /// the buffer, or over the argument's own matrices where they are used in place. An inverse
  /// starts from its factors so: an interleaved A is unpacked once, not into a buffer of its own
  /// first.
  void bind_copy(const BatchView<const T> &from, idx b0, int lanes, bool team) {
    bind(b0, lanes, team);
    if (unpacked_) return move<true>(from, b0, lanes, team);
    split(team, lanes, [&](int l) {
      copy_matrix(v_.rows, v_.cols, item(from, b0 + l), from.ld, item(v_, b0 + l), v_.ld);
    });
  }
  void finish(idx b0, int lanes, bool team) {
    if constexpr (!std::is_const_v<U>)
      if (unpacked_ && out_) move<false>(v_, b0, lanes, team);
  }
  U *ptr(int l) const {
    if (!present_) return nullptr;
    return unpacked_ ? buf_.data() + l * mn_ : item(v_, b0_ + l);
  }
  int ld() const {
    return unpacked_ ? (v_.rows > 1 ? v_.rows : 1) : v_.ld;
  }

 private:
  BatchView<T> buffer(int lanes) {
    return BatchView<T>::strided(v_.rows, v_.cols, buf_.data(), v_.rows > 1 ? v_.rows : 1, mn_,
                                 lanes);
  }

  /// Copies the chunk's `part` of `user` (v, or a batch of its layout and sizes) into the buffer
  /// (ToBuffer) or back: column by column where the team shares the copies or the part is a
  /// triangle.
  template <bool ToBuffer, class V>
  void move(const BatchView<V> &user_batch, idx b0, int lanes, bool team) {
    const BatchView<T> buf = buffer(lanes);
    auto copy = [&](const BatchView<V> &user, idx first, const BatchView<T> &mine, idx to,
                    idx count) {
      if constexpr (ToBuffer)
        host::copy_items(user, first, mine, to, count);
      else if constexpr (!std::is_const_v<V>)
        host::copy_items(mine, to, user, first, count);
    };
    if (part_ == Part::all && !team) return copy(user_batch, b0, buf, 0, lanes);
    split(team, v_.cols, [&](int j) {
      int i0, i1;
      part_rows(part_, j, v_.rows, i0, i1);
      if (i0 >= i1) return;
      idx zero, all;
      const BatchView<T> mine = column(buf, j, i0, i1, 0, zero, all);
      for (idx b = b0, end = b0 + lanes; b < end;) {  // (by blocks of an interleaved batch)
        idx first, room;
        const BatchView<V> user = column(user_batch, j, i0, i1, b, first, room);
        const idx k = std::min(room, end - b);
        copy(user, first, mine, b - b0, k);
        b += k;
      }
    });
  }

  BatchView<U> v_;
  bool in_, out_, present_, unpacked_;
  Part part_;
  idx mn_, b0_ = 0;
  host::Scratch<T> buf_;
};

/// Runs the chunks of the batch `lead` (one matrix each, or up to kVendorLanes matrices of an
/// interleaved block) spread as asked. setup() returns the per-chunk function
/// f(b0, lanes, team) with its own Columns: once per thread (per_thread), or once, shared by the
/// team, which calls it for every chunk together (team: f splits its work with split(team, ..)).
template <class U, class Setup>
void for_each_chunk(const BatchView<U> &lead, Spread spread, Setup setup) {
  const bool il = lead.layout == Layout::interleaved;
  const host::Chunks<U, kVendorLanes<std::remove_const_t<U>>> blocks(lead);
  const idx count = il ? blocks.count : lead.count;
  auto at = [&](idx c, idx &b0, int &lanes) {
    if (il) {
      blocks.at(c, b0, lanes);
    } else {
      b0 = c;
      lanes = 1;
    }
  };
  switch (spread) {
    case Spread::per_thread: {
      const BlasThreads single(1);
#pragma omp parallel num_threads(host::threads_for(count))
      {
        auto run = setup();
        host::for_own_share(count, [&](idx c) {
          idx b0;
          int lanes;
          at(c, b0, lanes);
          if (lanes > 0) run(b0, lanes, false);
        });
      }
      return;
    }
    case Spread::team: {
      const BlasThreads single(1);
      auto run = setup();
#pragma omp parallel
      for (idx c = 0; c < count; ++c) {
        idx b0;
        int lanes;
        at(c, b0, lanes);
        if (lanes > 0) run(b0, lanes, true);
      }
      return;
    }
    case Spread::threaded_blas: {
      const BlasThreads all(omp_get_max_threads());
      auto run = setup();
      for (idx c = 0; c < count; ++c) {
        idx b0;
        int lanes;
        at(c, b0, lanes);
        if (lanes > 0) run(b0, lanes, false);
      }
      return;
    }
  }
}

}  // namespace ompbatch::detail::vendor

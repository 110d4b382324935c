// SPDX-License-Identifier: BSD-3-Clause
// The peer: KokkosBatched's serial kernels (Kokkos Kernels) over its SIMD vector type, on the
// same interleaved batches as ompbatch's benchmarks, in the same binary. Built only where
// Kokkos Kernels is found (Debian: libtrilinos-kokkos-kernels-dev, which scripts/bench.sh
// installs). Debian's Kokkos has only the Serial execution space, so the batch is spread over
// the threads by the benchmark's own OpenMP loop, one vector of matrices per iteration, as a
// host OpenMP code calling these kernels would. KokkosBatched has LU without pivoting, its
// solve (two trsm) and trsm (no Cholesky in this version): getrf/<p>/kokkos/nopivot,
// getrs/<p>/kokkos/nopivot/nrhs:*, trsm/<p>/kokkos/lower/nrhs:*, each against the matching
// ompbatch rows (getrf/<p>/interleaved/{pivot,nopivot}, getrs/<p>/interleaved/nrhs:*, which
// pivots, and trsm/<p>/interleaved/lower/nrhs:*).
#include <KokkosBatched_LU_Decl.hpp>
#include <KokkosBatched_LU_Serial_Impl.hpp>
#include <KokkosBatched_Trsm_Decl.hpp>
#include <KokkosBatched_Trsm_Serial_Impl.hpp>
#include <KokkosBatched_Util.hpp>
#include <KokkosBatched_Vector.hpp>
#include <Kokkos_Core.hpp>
#include <cstdlib>
#include <random>
#include <vector>

#include "common/bench.hpp"
#include "common/flops.hpp"
#include "common/matrices.hpp"
#include "common/stack.hpp"

namespace ompbatch::bench {
namespace {

namespace kb = KokkosBatched;

/// The vector length of the peer's fastest SIMD type on this target (AVX: 4 doubles, 8 floats).
template <class T>
constexpr int kLanes = 32 / int(sizeof(T));

template <class T>
using Vec = kb::Vector<kb::SIMD<T>, kLanes<T>>;

template <class T>
using VecView = Kokkos::View<Vec<T> **, Kokkos::LayoutStride, Kokkos::HostSpace,
                             Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

/// Matrices v*kLanes .. v*kLanes + kLanes - 1 of an interleaved stack as one matrix of vectors
/// (the stack's width is a multiple of kLanes: each vector's lanes are adjacent in memory).
template <class T>
VecView<T> vectors(Stack<T> &s, long long v) {
  const long long b = v * kLanes<T>;
  const size_t w = size_t(s.width / kLanes<T>);
  auto *p = reinterpret_cast<Vec<T> *>(s.data + s.index(b, 0));
  return VecView<T>(p, Kokkos::LayoutStride(size_t(s.r), w, size_t(s.c), w * size_t(s.r)));
}

/// f(v) for each vector of matrices of `count` (the last one may hold padding lanes).
template <class F>
void vector_loop(long long count, int lanes, F &&f) {
  const long long vecs = (count + lanes - 1) / lanes;
#pragma omp parallel for schedule(static)
  for (long long v = 0; v < vecs; ++v) f(v);
}

/// Kokkos is initialized once, before the first peer benchmark, and finalized at exit.
void kokkos_up() {
  static const bool up = [] {
    Kokkos::initialize();
    std::atexit([] { Kokkos::finalize(); });
    return true;
  }();
  (void)up;
}

template <class T>
int peer_width(Context &ctx) {
  const int w = interleave_width<T>(ctx);
  return w % kLanes<T> == 0 ? w : kLanes<T>;
}

template <class T, class Algo>
void bm_lu(benchmark::State &state, int n, long long count) {
  kokkos_up();
  const size_t nn = size_t(n) * n;
  std::mt19937_64 rng(n);
  std::vector<T> orig(nn * count);
  for (auto &x : orig) x = testing::random_value<T>(rng);
  for (long long b = 0; b < count; ++b) testing::add_to_diagonal(n, orig.data() + b * nn, n);
  Stack<T> A(Layout::interleaved, n, n, count, peer_width<T>(context()));
  measure<T>(
      state, [&] { A.load(orig); },
      [&] {
        vector_loop(count, kLanes<T>,
                    [&](long long v) { kb::SerialLU<Algo>::invoke(vectors(A, v)); });
      },
      count, flops::getrf<T>(n, n) * count, 2.0 * sizeof(T) * nn * count);
}

/// getrs without pivoting (SolveLU) or trsm (left, lower, non-unit), nrhs right-hand sides.
template <class T>
void bm_solve(benchmark::State &state, bool lu, int n, int nrhs, long long count) {
  kokkos_up();
  const size_t nn = size_t(n) * n;
  std::mt19937_64 rng(n);
  std::vector<T> a = testing::random_batch<T>(count, n, n, rng);
  for (long long b = 0; b < count; ++b) testing::add_to_diagonal(n, a.data() + b * nn, n);
  const std::vector<T> b0 = testing::random_batch<T>(count, n, nrhs, rng);
  const int w = peer_width<T>(context());
  Stack<T> A(Layout::interleaved, n, n, count, w), B(Layout::interleaved, n, nrhs, count, w);
  A.load(a);
  using Blocked = kb::Algo::Level3::Blocked;
  using Left = kb::Side::Left;
  using Lower = kb::Uplo::Lower;
  using NoTrans = kb::Trans::NoTranspose;
  if (lu)
    vector_loop(count, kLanes<T>,
                [&](long long v) { kb::SerialLU<Blocked>::invoke(vectors(A, v)); });
  measure<T>(
      state, [&] { B.load(b0); },
      [&] {
        vector_loop(count, kLanes<T>, [&](long long v) {
          const auto a = vectors(A, v), b = vectors(B, v);
          if (!lu) {
            kb::SerialTrsm<Left, Lower, NoTrans, kb::Diag::NonUnit, Blocked>::invoke(T(1), a, b);
            return;
          }
          // SerialSolveLU's two solves (it passes alpha as a vector, which this version's trsm
          // does not compile for)
          kb::SerialTrsm<Left, Lower, NoTrans, kb::Diag::Unit, Blocked>::invoke(T(1), a, b);
          kb::SerialTrsm<Left, kb::Uplo::Upper, NoTrans, kb::Diag::NonUnit, Blocked>::invoke(T(1),
                                                                                             a, b);
        });
      },
      count, (lu ? flops::getrs<T>(n, nrhs) : flops::trsm<T>(true, n, nrhs)) * count,
      sizeof(T) * ((lu ? double(nn) : 0.5 * n * (n + 1)) + 2.0 * n * nrhs) * count);
}

template <class T>
void register_precision() {
  using L3 = kb::Algo::Level3;
  for (int n : {2, 4, 8, 16, 32, 64, 128}) {
    const long long count = batch_of(256, sizeof(T) * double(n) * n);
    add(fmt::format("getrf/{}/kokkos/nopivot/n:{}/MiB:256", prec_name<T>(), n),
        [=](benchmark::State &s) { bm_lu<T, L3::Blocked>(s, n, count); });
    add(fmt::format("getrf/{}/kokkos_unblocked/nopivot/n:{}/MiB:256", prec_name<T>(), n),
        [=](benchmark::State &s) { bm_lu<T, L3::Unblocked>(s, n, count); });
  }
  for (bool lu : {true, false})
    for (bool square : {false, true})
      for (int n : kSizes) {
        const int nrhs = square ? n : 1;
        const long long count = batch_of(64, sizeof(T) * double(n) * (n + nrhs));
        add(fmt::format("{}/{}/kokkos/{}/nrhs:{}/n:{}/MiB:64", lu ? "getrs" : "trsm",
                        prec_name<T>(), lu ? "nopivot" : "lower", square ? "n" : "1", n),
            [=](benchmark::State &s) { bm_solve<T>(s, lu, n, nrhs, count); });
      }
}

}  // namespace

void register_kokkos() {
  register_precision<double>();
  register_precision<float>();
}

}  // namespace ompbatch::bench

// SPDX-License-Identifier: BSD-3-Clause
// Host SIMD path: the batch is cut into chunks of W matrices that run as the W lanes of one
// kernel call. A chunk that is W whole lanes of a user's interleaved block runs in place;
// any other chunk (pointer array, strided, narrow or partial blocks) is packed into a small
// cache-resident interleaved buffer, run, and unpacked. Padding lanes are never written.
#pragma once

#include <omp.h>

#include <algorithm>
#include <complex>
#include <cstdint>
#include <cstring>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(__x86_64__) && defined(__AVX512VL__)  // (every includer is compiled for the host alone)
#define OMPB_MASKED_MOVES 1
#include <immintrin.h>
#endif

#include "kernels/layout.hpp"
#include "kernels/pack.hpp"
#include "kernels/prefetch.hpp"
#include "simd/paths.hpp"
#include "simd/scratch.hpp"

namespace ompbatch::detail {

inline Part part_of(Uplo uplo) {
  return uplo == Uplo::lower ? Part::lower : Part::upper;
}

/// The rows [i0, i1) of column j of a rows-row matrix that `part` holds.
inline void part_rows(Part part, int j, int rows, int &i0, int &i1) {
  i0 = part == Part::lower ? std::min(j, rows) : 0;
  i1 = part == Part::upper ? std::min(j + 1, rows) : rows;
}

}  // namespace ompbatch::detail

namespace ompbatch::detail::host {

/// Lanes per solver kernel call, per scalar type: two 256-bit registers of lanes (one AVX-512
/// register); two 128-bit registers where those are the widest (the baseline x86-64), whose
/// compilers otherwise split every value into four.
template <class T>
constexpr int width() {
  constexpr int bytes = kVectorBytes >= 32 ? 64 : 2 * int(kVectorBytes);
  return bytes / int(sizeof(T));
}

/// Lanes per getrf kernel call: the pack's temporaries live in registers (kernels/pack.hpp),
/// and two AVX-512 registers of lanes (double and complex) run faster than one, as two
/// independent chains of selects and updates (bench/getrf_bench). Targets with
/// narrower registers (AVX2: 16 of 32 bytes) run the solver width, two of their registers.
template <class T>
constexpr int getrf_width() {
  if constexpr (kVectorBytes < 64) return width<T>();
  return std::is_same_v<T, float> ? 16 : 2 * width<T>();
}

/// The interleave width the host backend prefers (ompbGetInterleaveWidth): a multiple of every
/// kernel width above, so that chunks run in place.
template <class T>
constexpr int preferred_width() {
  return getrf_width<T>();
}

/// Whether packed chunks of T (pointer array, strided, narrow interleaved blocks) run the
/// preferred width's lanes too where a kernel's work per packed element is large (QR, getri,
/// matinv): for complex, whose solver-width pack holds the real and imaginary parts in half
/// registers on AVX-512. Strided, tester, medians of 2 alternating runs: zgeqrf n = 48..256
/// 1.67-1.86x, cgeqrf 1.46-1.81x; getri and matinv n = 2..128 1.03-1.37x but getri c 4 (0.94x)
/// and z 8 (0.98x), matinv c 128 (0.95x). Not for double, whose wider chunk of two registers a
/// lane ran geqrf 0.79-0.89x from n = 128.
template <class T>
constexpr bool kWidePacks = is_complex_v<T>;

/// The lanes of a kernel for a batch of this layout (interleaved: in blocks of block_width) whose
/// larger dimension is `order`: the preferred width (getrf's lanes) for an interleaved batch whose
/// block width it divides, complex at every order and real up to real_max_order, else the solver
/// width. On AVX-512 double and complex the preferred width is twice the solver width, whose
/// chunks would run in place on half blocks at twice their row stride, using half of every cache
/// line they touch, and whose complex pack holds the real and imaginary parts in half registers;
/// elsewhere the two agree. packed_too: the preferred width for batches that are not interleaved
/// (packed chunks) too.
template <class T>
constexpr int block_lanes(Layout layout, int block_width, int order, int real_max_order,
                          bool packed_too) {
  constexpr int B = preferred_width<T>();
  const bool il = layout == Layout::interleaved;
  return ((il && block_width % B == 0) || (packed_too && !il)) &&
                 (is_complex_v<T> || order <= real_max_order)
             ? B
             : width<T>();
}

/// Orders up to which an interleaved batch of real matrices runs QR's kernels (geqrf, gels) at
/// the preferred width (block_lanes; complex at every order): all (Zen 5 VM, AVX-512,
/// OMPBATCH_HOST_PATH=lanes, 64 MiB, 2 threads, medians of 2 alternating runs: dgeqrf n = 8
/// 3.46 -> 2.83 ms, 128 19.9 -> 15.9, 512 117.1 -> 86.8; zgeqrf 32 14.2 -> 8.92).
constexpr int kQrBlockLanesMax = 1 << 30;

/// The order up to which the solver kernels (getrs, potrs, trsm, getri, matinv) run the preferred
/// width (getrf's lanes) for an interleaved batch whose width it divides (real types; complex at
/// every order), else the solver width (block_lanes). On AVX-512 double and complex
/// prefer twice the solver width, whose chunks would run in place on half blocks at twice their row
/// stride (for double, the whole block runs as one wide pass over two registers); elsewhere the two
/// agree. Zen 5 VM (AVX-512), double, interleaved, 2 threads, 64 MiB, medians of three alternating
/// runs, 8 lanes -> 16 at n = 8 / 16: potrf 1.86 -> 1.54 / 2.34 -> 1.97 ms, getri 5.05 -> 2.96 /
/// 4.24 -> 3.95, matinv 4.68 -> 3.52 / 5.43 -> 5.04, getrs nrhs = 1 3.82 -> 2.61 / 2.19 -> 1.88,
/// nrhs = n 5.90 -> 5.00 / 4.38 -> 4.54, potrs nrhs = 1 2.04 -> 1.33 / 1.17 -> 0.95, nrhs = n 2.90
/// -> 2.25 / 2.57 -> 2.60, trsm nrhs = 1 1.85 -> 1.10 / 1.01 -> 0.81, nrhs = n 2.50 -> 1.87 / 2.03
/// -> 1.90. Complex, n = 8, 4 -> 8 lanes (Z) and 8 -> 16 (C): 1.24-2.07x (zpotrf 2.03 -> 1.20 ms,
/// zgetri 5.39 -> 3.23, ctrsm nrhs = n 5.80 -> 2.87). At n = 32 the wide pass ran getrs, potrs,
/// trsm and getri with nrhs = n 0.80-0.89x; two 8-lane passes a call there ran 0.88-1.10x (trsm
/// with nrhs = n 0.88x at 32 and 0.92x at 64), so real larger orders keep the solver width.
/// Complex runs the preferred width at every order (block_lanes). Intel Xeon VM (AVX-512), g++
/// build, interleaved, 2 threads, 32 MiB, medians of 2 alternating runs of -r 3, solver width ->
/// preferred at n = 24..128: getri, matinv, getrs, potrs, trsm with nrhs = n 1.12-1.72x (z getri
/// 1.47-1.55x, matinv 1.61-1.72x at 64 and 128), with nrhs = 1 (3 runs) 1.07-1.44x.
inline constexpr int kBlockLanesMax = 16;

/// Whether the solves' packed chunks run the preferred width's lanes (block_lanes): not even
/// for complex (kWidePacks), whose pack of A stands against n^2 flops a right-hand side. Strided
/// and pointer array, solver width -> preferred: getrs, potrs and trsm with nrhs = 1 at n =
/// 16..128 0.65-0.92x, with nrhs = n 0.96-1.23x.
inline constexpr bool kSolveWidePacks = false;

/// potrf runs the preferred width to larger real orders than the other solver kernels: double
/// to 128 (complex at every order, as every kernel). Zen 5 VM, interleaved, 2 threads, 64 MiB,
/// medians of 3 alternating runs, g++ / clang builds, solver width -> preferred: dpotrf n =
/// 20 1.27x / 1.40x, 24 1.12x / 1.22x, 32 1.08x / 1.19x, 48..128 1.00-1.05x, 192 0.85x (g++);
/// cpotrf and zpotrf n = 24..128 1.14-1.53x / 1.19-1.65x, 192..320 1.21-1.34x (g++). Single
/// precision's two widths agree.
inline constexpr int kPotrfBlockLanesMax = 128;

/// The orders at which potrf's packed chunks of complex matrices (pointer array, strided) run
/// the solver width's lanes; at every other order they run the preferred width's, whose kernel
/// (8 double complex lanes against 4 on AVX-512, a block in L2, one thread) ran 1.55-1.8x as
/// fast at n = 6..48. Zen 5 VM, strided and pointer array, 2 threads, 32 MiB, the library before
/// / after (8 alternating runs of -r 5, medians of the runs' ratios), solver width -> preferred,
/// g++ / clang builds: n = 2..6 1.10-1.56x / 0.96-1.30x, 11..40 0.96-1.28x / 0.94-1.31x (16:
/// 1.17-1.31x in every cell); at 7..10 and 64, where nothing changed, 0.91-1.09x. At 7..10 the
/// wider chunk (6-12.5 KiB, which prefetch_lanes then brought into L1 two chunks ahead) ran
/// strided cpotrf and zpotrf 0.76-1.33x / 0.80-1.05x, below 1.0 in 10 of the clang build's 14
/// readings (4-8 runs each). Zen 4 VM, that chunk prefetched into L2 (kPrefetchL1Max), 64 MiB,
/// strided and pointer array, 3 alternating runs: 0.75-1.05x / 0.63-1.14x, 25 of 32 cells under
/// 1.0.
inline constexpr int kPotrfPackedNarrowMin = 7, kPotrfPackedNarrowMax = 10;

/// Whether potrf's packed chunks of order n run the preferred width (block_lanes' packed_too).
template <class T>
constexpr bool potrf_packs_wide(int n) {
  return is_complex_v<T> && (n < kPotrfPackedNarrowMin || n > kPotrfPackedNarrowMax);
}

/// The lanes of the kernels routine r runs on a batch of this layout (interleaved: in blocks of
/// block_width) whose larger dimension is `order` (with_routine_lanes): the chunks use_vendor's
/// few-matrix rule counts too (simd/dispatch.hpp).
template <class T>
int lanes_for(Routine r, Layout layout, int block_width, int order) {
  const auto lanes = [&](int real_max_order, bool packed_too) {
    return block_lanes<T>(layout, block_width, order, real_max_order, packed_too);
  };
  switch (r) {
    case Routine::getrf:
      return getrf_width<T>();
    case Routine::getri:
    case Routine::matinv:
      return lanes(kBlockLanesMax, kWidePacks<T>);
    case Routine::potrf:
      return lanes(kPotrfBlockLanesMax, potrf_packs_wide<T>(order));
    case Routine::geqrf:
    case Routine::gels:
      return lanes(kQrBlockLanesMax, kWidePacks<T>);
    default:  // getrs, potrs, trsm
      return lanes(kBlockLanesMax, kSolveWidePacks);
  }
}

/// Where a chunk's lanes are. in_place: W lanes of one interleaved block, every argument read
/// and written there. shift > 0: the partial chunk (lanes < W) at the end of an interleaved
/// batch, of one block; the arguments the kernel only reads run in place from shift = W - lanes
/// lanes before its first matrix (lanes 0..shift-1 hold earlier matrices' elements of the same
/// call, computed on and dropped), those it writes are packed at lanes shift..W-1. A large A
/// that a solve only reads is then not copied. Zen 5 VM, 2 threads, 64 MiB interleaved (width
/// 16, 8-lane chunks; n = 512: 31 matrices, the last 7 a partial chunk), nrhs = 1, medians of 3
/// alternating runs, packed -> shifted: dtrsm n = 512 2.53 -> 0.35 ms, dpotrs 2.78 -> 0.58,
/// dgetrs 2.98 -> 1.17; n = 256 (127 matrices) 0.85 -> 0.30, 0.93 -> 0.50, 1.36 -> 1.00; with
/// nrhs = n (B packed either way) 0.98-1.01x.
struct Place {
  bool in_place = false;
  int shift = 0;
};

/// The lanes routine r's kernels run on the batch lead, whose larger dimension is the order
/// (lanes_for).
template <class U>
int lanes_for(Routine r, const BatchView<U> &lead) {
  using T = std::remove_const_t<U>;
  return lanes_for<T>(r, lead.layout, lead.width, std::max(lead.rows, lead.cols));
}

/// f(std::integral_constant<int, W>()) with the lanes W routine r's kernels run for the batch
/// lead (lanes_for).
template <class U, class F>
void with_routine_lanes(Routine r, const BatchView<U> &lead, F &&f) {
  using T = std::remove_const_t<U>;
  constexpr int B = preferred_width<T>(), S = width<T>();
  if constexpr (B != S)
    if (lanes_for(r, lead) == B) return f(std::integral_constant<int, B>());
  f(std::integral_constant<int, S>());
}

/// Whether batch v's chunks of W lanes follow its interleaved blocks (each at least W wide).
template <class T>
bool in_blocks(const BatchView<T> &v, int W) {
  return v.layout == Layout::interleaved && v.width >= W;
}

/// The number of Chunks<T, W> of batch v (W at run time): an interleaved batch's blocks of at
/// least W matrices split into ceil(width / W) chunks each, every other batch into ceil(count /
/// W).
template <class T>
idx chunk_count(const BatchView<T> &v, int W) {
  if (in_blocks(v, W)) return (idx(v.count) + v.width - 1) / v.width * ((idx(v.width) + W - 1) / W);
  return (idx(v.count) + W - 1) / W;
}

/// Chunks of W matrices covering a batch; in-place chunks are W lanes of one interleaved block.
template <class T, int W>
struct Chunks {
  const BatchView<T> &v;
  bool blocks;  // interleaved with width >= W: chunks follow the user's blocks
  idx per_block, count;

  explicit Chunks(const BatchView<T> &view) : v(view), blocks(in_blocks(view, W)) {
    per_block = blocks ? (idx(v.width) + W - 1) / W : 1;
    count = chunk_count(v, W);
  }
  /// First matrix of chunk c and its number of lanes (0: the chunk is past the batch).
  void at(idx c, idx &b0, int &lanes) const {
    idx n;
    if (blocks) {
      const idx lane0 = (c % per_block) * W;
      b0 = (c / per_block) * v.width + lane0;
      n = std::min<idx>(W, std::min<idx>(v.width - lane0, v.count - b0));
    } else {
      b0 = c * W;
      n = std::min<idx>(W, v.count - b0);
    }
    lanes = int(n > 0 ? n : 0);
  }
  /// Where chunk b0 of `lanes` lanes runs; shift_reads: a partial chunk's read-only arguments
  /// may run in place, shifted, where the lanes before it lie in the batch (an earlier block,
  /// or earlier lanes of its own).
  Place place(idx b0, int lanes, bool shift_reads) const {
    if (!blocks) return {};
    if (lanes == W) return {true, 0};
    const int shift = W - lanes;
    return {false, shift_reads && (b0 >= v.width || b0 % v.width >= shift) ? shift : 0};
  }
};

/// For an in-place chunk (first matrix b0) that ends its interleaved block: the block `blocks`
/// after it (1: the next call's data, to prefetch), when that block's first chunk runs in place
/// too; else nothing.
template <int W, class T>
Ahead next_block(const BatchView<T> &v, idx b0, int blocks = 1) {
  Ahead ahead;
  const idx end = (b0 / v.width + 1) * v.width, next = end + idx(blocks - 1) * v.width;
  if (v.layout != Layout::interleaved || b0 + W != end || next + W > v.count) return ahead;
  ahead.starts[0] = item(v, next);
  ahead.ranges = 1;
  ahead.bytes = idx(v.ld) * v.cols * v.width * idx(sizeof(T));
  return ahead;
}

/// ahead (next_block's or next_items') taken column by column, only the rows `part` holds of each
/// of the batch v's matrices (or blocks).
template <class T>
Ahead by_columns(Ahead ahead, const BatchView<T> &v, Part part) {
  ahead.row_bytes = row_stride(v.layout, v.width) * idx(sizeof(T));
  ahead.col_stride = col_stride(v.layout, v.ld, v.width) * idx(sizeof(T));
  ahead.bytes = v.rows * ahead.row_bytes;
  ahead.cols = v.cols;
  ahead.part = part;
  return ahead;
}

/// Prefetches into L2, at once, the in-place block `blocks` after chunk b0's (next_block),
/// where it holds at most max_bytes.
template <int W, class T>
void prefetch_block(const BatchView<T> &v, idx b0, int blocks,
                    idx max_bytes = std::numeric_limits<idx>::max()) {
  const Ahead ahead = next_block<W>(v, b0, blocks);
  if (ahead.ranges && ahead.bytes <= max_bytes) prefetch_range<1>(ahead.starts[0], ahead.bytes);
}

/// Matrices b0..b0+W-1 of a column-major batch (those in it), one range each: a thread's next
/// packed chunk. Nothing for an interleaved batch.
template <int W, class T>
Ahead next_items(const BatchView<T> &v, idx b0) {
  static_assert(W <= Ahead::kMaxRanges, "one range per lane");
  Ahead ahead;
  if (row_stride(v.layout, v.width) != 1 || v.rows == 0 || v.cols == 0) return ahead;
  ahead.bytes = ((v.cols - 1) * col_stride(v.layout, v.ld, v.width) + v.rows) * idx(sizeof(T));
  for (idx b = b0; b < b0 + W && b < v.count; ++b) ahead.starts[ahead.ranges++] = item(v, b);
  return ahead;
}

/// Bytes per tile row of the transposing pack, at most. Clang shuffles rows wider than the
/// target's registers in pairs of registers; GCC 12 lowered those shuffles (an 8 x 8 double
/// tile, 64-byte rows, on AVX2) to scalar moves through the stack, its column-major packs
/// 2.2-3.0x slower than the Clang build's, and takes rows of one register. Tiles of one register
/// in the Clang build were slower in double (old / new time 0.89-0.96; Zen 3 VM).
#if defined(__clang__)
constexpr std::size_t kTileRowBytes = 64;
#else
constexpr std::size_t kTileRowBytes = kVectorBytes;
#endif

/// Scalars S per tile row: at most 8 (a tile of N rows, N = Tiling's lanes, is N vectors).
template <class S>
constexpr int kTile = int(std::min<std::size_t>(8, kTileRowBytes / sizeof(S)));

/// Matrices per group of copy_items' element-by-element moves (and of the host's copies into an
/// interleaved batch).
constexpr int kGroup = 8;

/// How the transposing pack moves elements E: as scalars S, `lanes` matrices per tile of `lanes`
/// rows of kTile<S> scalars, `lanes` elements a row. Real and integer elements of 4 or 8 bytes
/// are their own scalars; complex<float> moves as one 8-byte scalar, complex<double> as two;
/// anything else element by element (lanes = 0).
template <class E, class = void>
struct Tiling {
  using S = E;
  enum : int { lanes = 0 };
};
template <class E>
struct Tiling<E, std::enable_if_t<std::is_arithmetic_v<E> && (sizeof(E) == 4 || sizeof(E) == 8)>> {
  using S = E;
  enum : int { lanes = kTile<S> };
};
template <class R>
struct Tiling<std::complex<R>, std::enable_if_t<std::is_floating_point_v<R>>> {
  using S = std::uint64_t;
  static_assert(sizeof(std::complex<R>) == sizeof(S) || sizeof(std::complex<R>) == 2 * sizeof(S));
  enum : int { lanes = kTile<S> * int(sizeof(S)) / int(sizeof(std::complex<R>)) };
};

/// The elements at p as Tiling's scalars (const kept).
template <class U>
auto *tile_scalars(U *p) {
  using S = typename Tiling<std::remove_const_t<U>>::S;
  using C = std::conditional_t<std::is_const_v<U>, const S, S>;
  return reinterpret_cast<C *>(p);
}

/// A vector of kTile<T> scalars T.
template <class T>
struct TileRowOf {
  typedef T type __attribute__((vector_size(kTile<T> * sizeof(T))));
};
template <class T>
using TileRow = typename TileRowOf<T>::type;

/// One stage of the N x N transpose of elements of U = K / N scalars, K = sizeof...(Q) scalars a
/// row: rows k and k + D (k without bit D) exchange the elements whose column has bit D set in
/// row k and not in row k + D. The stages D = 1, 2, .. N/2 transpose.
template <int D, int N, class V, std::size_t... Q>
[[gnu::always_inline]] inline void transpose_stage(V (&x)[N], std::index_sequence<Q...>) {
  constexpr int K = int(sizeof...(Q)), U = K / N;
  for (int k = 0; k < N; ++k)
    if (!(k & D)) {
      const V a = x[k], b = x[k + D];
      x[k] = __builtin_shufflevector(a, b, int(Q / U & D ? K + Q - U * D : Q)...);
      x[k + D] = __builtin_shufflevector(a, b, int(Q / U & D ? K + Q : Q + U * D)...);
    }
}

/// x[r][e] <- x[e][r] for the N x N elements of x (inlined: a call passes the tile through
/// memory)
template <int N, class V>
[[gnu::always_inline]] inline void transpose(V (&x)[N]) {
  constexpr auto q = std::make_index_sequence<sizeof(V) / sizeof(x[0][0])>();
  transpose_stage<1>(x, q);
  if constexpr (N > 2) transpose_stage<2>(x, q);
  if constexpr (N > 4) transpose_stage<4>(x, q);
}

/// The kTile<T> scalars at p as a tile row.
template <class T>
[[gnu::always_inline]] inline TileRow<T> load_row(const T *p) {
  TileRow<T> x;
  std::memcpy(&x, p, sizeof(x));
  return x;
}

/// dst[r][e] = src[e][r], e, r < N elements: one tile through registers, its loops unrolled
/// (GCC 12 kept the transposed double tile on the stack and copied it out in 32-byte halves;
/// Intel Xeon VM, g++ build, strided and pointer-array double, 2 threads, medians of 3
/// alternating runs: potrf, getrf and getrs n = 4..16 1.07-1.41x, single precision and the
/// Clang build unchanged).
template <int N, class T>
[[gnu::always_inline]] inline void transpose_tile(const T *const (&src)[N], T *const (&dst)[N]) {
  TileRow<T> x[N];
#pragma GCC unroll 8
  for (int r = 0; r < N; ++r) x[r] = load_row(src[r]);
  transpose(x);
#pragma GCC unroll 8
  for (int r = 0; r < N; ++r) std::memcpy(dst[r], &x[r], sizeof(x[r]));
}

/// Whether a tile row's first r scalars move by one masked vector load (kMaskedLoads) or store
/// (kMaskedStores), AVX-512VL; both builds do both. Zen 4 VM, 4 alternating rounds of the
/// tester (getrf, potrf, getrs, getri, S, D, C, Z, n = 2, 3, 5, strided and pointer array, 32
/// MiB), clang build: element moves -> masked loads 1.10x (median of 96 cells, 74 >= 1.0), ->
/// masked loads and stores 1.01x (getri double pointer array 0.67-0.80x), so the clang build
/// stored element by element until the two builds ran in one process (tools/ompbatch-compare,
/// Intel Xeon VM, 11 rounds): its masked stores 1.04x (median of 180 cells: getrf, getri, getrs,
/// matinv, potrf, S, D, Z, n = 2..16, strided and pointer array; n = 2 1.02-1.19x).
#if defined(OMPB_MASKED_MOVES)
constexpr bool kMaskedLoads = true;
#else
constexpr bool kMaskedLoads = false;
#endif
constexpr bool kMaskedStores = kMaskedLoads;

/// x = the r < kTile<T> scalars at p, then zeros (ToRow), or those r scalars of x stored at p;
/// nothing past them is read or written.
template <bool ToRow, class T>
[[gnu::always_inline]] inline void move_part(TileRow<std::remove_const_t<T>> &x, T *p, int r) {
#if defined(OMPB_MASKED_MOVES)
  using E = std::remove_const_t<T>;
  static_assert(kTile<E> == 8, "one mask bit a scalar");
  const auto m = __mmask8((1u << r) - 1);
  if constexpr (ToRow && sizeof(E) == 4)
    x = TileRow<E>(_mm256_maskz_loadu_epi32(m, p));
  else if constexpr (ToRow)
    x = TileRow<E>(_mm512_maskz_loadu_epi64(m, p));
  else if constexpr (sizeof(E) == 4)
    _mm256_mask_storeu_epi32(p, m, __m256i(x));
  else
    _mm512_mask_storeu_epi64(p, m, __m512i(x));
#else
  static_cast<void>(x), static_cast<void>(p), static_cast<void>(r);
#endif
}

/// Moves N column-major matrices mats (column stride cs) to N consecutive lanes of a lane-major
/// block, block[i*w + j*bcs + l] = mats[l][i + j*cs] (ToBlock), or back, for elements of
/// U = kTile<T> / N scalars T each (offsets in elements). Rows go N at a time through
/// transpose_tile (down a whole matrix where both sides' columns are dense: cs = rows,
/// bcs = rows*w); the last rows % N of a column through one more transpose of partial rows
/// (kMaskedLoads, kMaskedStores), else element by element (pointer-array getrf at n = 2, where
/// matrices and pivots are all partial rows, 4 Mi matrices, 2 threads, best of 5 alternating runs:
/// sgetrf 87.8 -> 70.0 ms, dgetrf 45.5 -> 38.0). B is T or const T: the source; LW is idx, or
/// std::integral_constant for the lane kernels' buffers (constant addressing).
template <bool ToBlock, int N, class T, class B, class LW>
void move_tiles(idx rows, idx cols, idx cs, T *const (&mats)[N], B *block, LW w, idx bcs,
                Part part = Part::all) {
  using E = std::remove_const_t<T>;
  constexpr int U = kTile<E> / N;
  if (part == Part::all && cs == rows && bcs == rows * w) {  // dense: one column of rows*cols
    rows *= cols;
    cols = 1;
  }
  const E *src[N];
  E *dst[N];
  for (idx j = 0; j < cols; ++j) {
    B *b = block + j * bcs * U;
    const idx c = j * cs;
    idx i = 0, end = rows;
    if (part != Part::all) {
      int i0, i1;
      part_rows(part, int(j), int(rows), i0, i1);
      i = i0, end = i1;
    }
    for (; i + N <= end; i += N) {
      for (int r = 0; r < N; ++r)
        if constexpr (ToBlock) {
          src[r] = mats[r] + (i + c) * U;
          dst[r] = b + (i + r) * w * U;
        } else {
          src[r] = b + (i + r) * w * U;
          dst[r] = mats[r] + (i + c) * U;
        }
      transpose_tile(src, dst);
    }
    if constexpr (ToBlock ? kMaskedLoads : kMaskedStores) {
      if (i < end) {
        const int r = int(end - i);
        TileRow<E> x[N];
        for (int q = 0; q < N; ++q)  // lanes (ToBlock) or block rows, then transposed
          if constexpr (ToBlock)
            move_part<true>(x[q], mats[q] + (i + c) * U, r * U);
          else
            x[q] = q < r ? load_row(b + (i + q) * w * U) : TileRow<E>{};
        transpose(x);
        // N rows, each tested: Clang made a loop over r rows, where they are adjacent, one call
        // of memcpy (1.01-1.08x in getrs, n = 2..16)
#pragma GCC unroll 8
        for (int q = 0; q < N; ++q)
          if constexpr (ToBlock) {
            if (q < r) std::memcpy(b + (i + q) * w * U, &x[q], sizeof(x[q]));
          } else {
            move_part<false>(x[q], mats[q] + (i + c) * U, r * U);
          }
        continue;
      }
    }
    for (; i < end; ++i)  // (memcpy: the scalars may stand for complex elements)
      for (int l = 0; l < N; ++l)
        if constexpr (ToBlock)
          std::memcpy(b + (i * w + l) * U, mats[l] + (i + c) * U, sizeof(E) * U);
        else
          std::memcpy(mats[l] + (i + c) * U, b + (i * w + l) * U, sizeof(E) * U);
  }
}

/// move_tiles for the Tiling<E>::lanes matrices b0.. of the column-major batch v (elements E):
/// their `part`, or (Part::all) their columns j0..j1-1 alone (j1 < 0: to the last).
template <bool ToBlock, class U, class B, class LW>
void move_items(const BatchView<U> &v, idx b0, B *block, LW w, idx bcs, Part part = Part::all,
                idx j0 = 0, idx j1 = -1) {
  constexpr int N = Tiling<std::remove_const_t<U>>::lanes;
  const idx cs = col_stride(v.layout, v.ld, v.width);
  decltype(tile_scalars(v.data)) mats[N];
  for (int l = 0; l < N; ++l) mats[l] = tile_scalars(item(v, b0 + l) + j0 * cs);
  move_tiles<ToBlock>(v.rows, (j1 < 0 ? v.cols : j1) - j0, cs, mats, tile_scalars(block + j0 * bcs),
                      w, bcs, part);
}

/// The lanes of matrices b0.. that move_tiles can take, Tiling's lanes at a time from lane 0
/// (column-major matrices of tiled elements; their `part`); returns how many it moved, the
/// caller does the rest.
template <bool ToBuf, int W, class U, class B>
int move_lanes(const BatchView<U> &v, idx b0, int lanes, B *buf, Part part) {
  constexpr int N = Tiling<std::remove_const_t<U>>::lanes;
  int l = 0;
  if constexpr (N > 0 && W % N == 0)
    for (; row_stride(v.layout, v.width) == 1 && l + N <= lanes; l += N)
      move_items<ToBuf>(v, b0 + l, buf + l, std::integral_constant<idx, W>(), idx(v.rows) * W,
                        part);
  return l;
}

/// Columns of a move_tiles panel in copy_items: the interleaved side's lines that one group of
/// Tiling's lanes reads or writes in part stay in the L1 cache (32 KiB) until the run's other
/// groups have moved theirs.
template <class T>
idx panel_cols(int rows, int width) {
  return std::max<idx>(1, idx(32768) / std::max<idx>(1, idx(rows) * width * idx(sizeof(T))));
}

/// Copies `count` matrices, from..from+count-1 of the batch f to to..to+count-1 of the batch t
/// (same shape; only their rows x cols elements are written; U is T or const T). Between an
/// interleaved and a column-major batch of elements Tiling moves, its lanes' matrices on
/// consecutive lanes of one block move as one through move_tiles, the groups of a run a panel
/// of columns at a time: where a block line holds more lanes than one group (single precision
/// on AVX-512: 16 lanes, tiles of 8), each line is so read (or written) once, not once a group
/// down the whole matrix. The rest moves element by element, kGroup matrices at a time (an
/// interleaved block's cache lines read once).
template <class T, class U>
void copy_items(const BatchView<U> &f, idx from, const BatchView<T> &t, idx to, idx count) {
  const idx frs = row_stride(f.layout, f.width), fcs = col_stride(f.layout, f.ld, f.width);
  const idx trs = row_stride(t.layout, t.width), tcs = col_stride(t.layout, t.ld, t.width);
  const bool f_lanes = f.layout == Layout::interleaved, t_lanes = t.layout == Layout::interleaved;
  for (idx b = 0; b < count;) {
    if constexpr (constexpr int N = Tiling<T>::lanes; N > 0) {
      // the groups of N lanes from b in one block of the interleaved side
      idx groups = 0;
      if (f_lanes != t_lanes && (f_lanes ? trs : frs) == 1) {
        const idx lane = t_lanes ? (to + b) % t.width : (from + b) % f.width;
        groups = std::min((count - b) / N, ((t_lanes ? t.width : f.width) - lane) / N);
      }
      if (groups > 0) {
        const idx cols = t.cols,
                  step = groups > 1 ? panel_cols<T>(t.rows, t_lanes ? t.width : f.width) : cols;
        for (idx j0 = 0; j0 < cols; j0 += step) {
          const idx j1 = std::min(cols, j0 + step);
          for (idx g = b; g < b + groups * N; g += N)
            if (t_lanes)
              move_items<true>(f, from + g, item(t, to + g), trs, tcs, Part::all, j0, j1);
            else
              move_items<false>(t, to + g, item(f, from + g), frs, fcs, Part::all, j0, j1);
        }
        b += groups * N;
        continue;
      }
    }
    const int g = int(std::min<idx>(kGroup, count - b));  // up to kGroup, lanes innermost
    const U *a[kGroup];
    T *c[kGroup];
    for (int l = 0; l < g; ++l) a[l] = item(f, from + b + l), c[l] = item(t, to + b + l);
    for (int j = 0; j < t.cols; ++j)
      for (int i = 0; i < t.rows; ++i)
        for (int l = 0; l < g; ++l) c[l][i * trs + j * tcs] = a[l][i * frs + j * fcs];
    b += g;
  }
}

/// Whether matrices b0 .. b0+lanes-1 lie in one block of an interleaved batch, so that the lanes
/// of each element are adjacent (a partial chunk at the end of the batch; a block narrower than
/// W spreads a chunk over several).
template <class U>
bool in_one_block(const BatchView<U> &v, idx b0, int lanes) {
  return v.layout == Layout::interleaved && b0 % v.width + lanes <= v.width;
}

/// f(i, j) for the elements (i,j) of a rows x cols matrix that `part` holds, column by column.
template <class F>
void for_part(Part part, int rows, int cols, F &&f) {
  for (int j = 0; j < cols; ++j) {
    int i0, i1;
    part_rows(part, j, rows, i0, i1);
    for (int i = i0; i < i1; ++i) f(i, j);
  }
}

/// buf[(i + j*rows)*W + l] = element (i,j) of matrix b0+l for the elements `part` holds (the
/// others are not written); lanes past `lanes` are zero. Column-major matrices (pointer array,
/// strided) of tiled elements move Tiling's lanes at a time (move_lanes): at n = 8, the scalar
/// loops took twice the kernel's time. The lanes of one interleaved block move element by
/// element, all lanes at once (lane by lane, dtrsm on 31 interleaved matrices of n = 512, the
/// last chunk packed, ran at half the speed).
template <class T, int W, class U>
void pack_lanes(const BatchView<U> &v, idx b0, int lanes, T *buf, Part part = Part::all) {
  const idx rs = row_stride(v.layout, v.width), cs = col_stride(v.layout, v.ld, v.width);
  if (in_one_block(v, b0, lanes)) {  // each element's lanes adjacent: one pass over the block
    const U *a = item(v, b0);
    for_part(part, v.rows, v.cols, [&](int i, int j) {
      const U *f = a + i * rs + j * cs;
      T *t = buf + (i + idx(j) * v.rows) * W;
      for (int l = 0; l < W; ++l) t[l] = l < lanes ? T(f[l]) : T(0);
    });
    return;
  }
  for (int l = move_lanes<true, W>(v, b0, lanes, buf, part); l < W; ++l) {
    const U *a = l < lanes ? item(v, b0 + l) : nullptr;
    for_part(part, v.rows, v.cols, [&](int i, int j) {
      buf[(i + idx(j) * v.rows) * W + l] = a ? T(a[i * rs + j * cs]) : T(0);
    });
  }
}

/// The inverse of pack_lanes for the first `lanes` lanes and the elements `part` holds.
template <class T, int W>
void unpack_lanes(const T *buf, idx b0, int lanes, const BatchView<T> &v, Part part = Part::all) {
  const idx rs = row_stride(v.layout, v.width), cs = col_stride(v.layout, v.ld, v.width);
  if (in_one_block(v, b0, lanes)) {
    T *a = item(v, b0);
    for_part(part, v.rows, v.cols, [&](int i, int j) {
      T *t = a + i * rs + j * cs;
      const T *f = buf + (i + idx(j) * v.rows) * W;
      for (int l = 0; l < lanes; ++l) t[l] = f[l];
    });
    return;
  }
  for (int l = move_lanes<false, W>(v, b0, lanes, buf, part); l < lanes; ++l) {
    T *a = item(v, b0 + l);
    for_part(part, v.rows, v.cols,
             [&](int i, int j) { a[i * rs + j * cs] = buf[(i + idx(j) * v.rows) * W + l]; });
  }
}

/// Bytes of a packed chunk of the batch v: W lanes of its rows x cols elements.
template <int W, class U>
idx packed_bytes(const BatchView<U> &v) {
  return idx(v.rows) * v.cols * idx(sizeof(U)) * W;
}

/// Bytes of a packed chunk up to which a later chunk's matrices are prefetched at once.
constexpr idx kPrefetchChunkMax = 16 * 1024;

/// How many packed chunks ahead of the one it packs a thread prefetches (prefetch_lanes): the
/// chunk after next. Pointer array, 4 Mi matrices, 2 threads, best of 5 alternating runs
/// against the next chunk: sgetrf n = 3 41.5 -> 39.3 ms, 4 26.9 -> 26.1, 2 and 5 tied;
/// dgetrf (best of 4) 2 38.1 -> 36.6, 3 25.1 -> 23.7, 4 21.1 -> 19.4; strided sgetrf 4 25.6 ->
/// 24.0.
constexpr int kChunksAhead = 2;

/// Bytes of a packed chunk up to which prefetch_lanes brings the later chunk into L1; bigger
/// ones (to kPrefetchChunkMax) it brings into L2. Zen 4 VM (32 KiB L1d), 2 threads, 64 MiB,
/// strided and pointer array, double and double complex at n = 8 and 12 (4-18 KiB chunks), 3
/// alternating runs of -r 5, medians of the runs' ratios, into L1 -> into L2, g++ / clang
/// builds: potrf 1.00-1.82x / 1.03-1.97x, getrs, potrs and trsm (nrhs = 1) 0.85-1.98x /
/// 1.08-2.01x, getri 0.93-1.21x / 0.90-1.27x. At 16 MiB (the batch in L3) 0.70-1.53x, mixed;
/// chunks of 2 KiB or less (n = 2..4) ran 0.65-1.63x, noisy either way, and keep L1. The
/// library before / after, 32 MiB, s, d, c, z at n = 6 / 8 / 16, strided and pointer array, 3
/// alternating runs of -r 3: n = 8 potrf 1.56-1.85x / 1.44-1.71x, the solves 1.13-1.76x /
/// 0.92-1.91x, getri and matinv 0.91-1.17x / 0.85-1.61x; n = 6 and 16 0.71-1.70x / 0.77-1.63x.
constexpr idx kPrefetchL1Max = 2048;

/// Prefetches the matrices of a column-major batch (those in it) in the packed chunk
/// kChunksAhead after the one at b0, read while this one and the next compute: into L1 up to
/// kPrefetchL1Max bytes a chunk, into L2 up to kPrefetchChunkMax, nothing for bigger chunks.
/// Pointer-array dgetrf, 2 threads, 256 MiB, best of 4 alternating runs: 2.9 -> 3.5 GFLOP/s at
/// n = 4, 6.2 -> 6.5 at n = 8 (the next chunk); chunks of 32 KiB (n = 16) ran slower prefetched
/// into L1, and n = 16..32 prefetched into L2 all at once slower too.
template <int W, class U>
void prefetch_lanes(const BatchView<U> &v, idx b0) {
  const idx bytes = packed_bytes<W>(v);
  if (bytes > kPrefetchChunkMax) return;
  const Ahead ahead = next_items<W>(v, b0 + kChunksAhead * W);
  for (int r = 0; r < ahead.ranges; ++r)
    if (bytes <= kPrefetchL1Max)
      prefetch_range<3>(ahead.starts[r], ahead.bytes);
    else
      prefetch_range<1>(ahead.starts[r], ahead.bytes);
}

/// One batch argument of a lane kernel call, per thread: the chunk's matrices either in place
/// (W lanes of the caller's interleaved block) or packed into this object's buffer, taken from
/// the thread's kept scratch at the first packed chunk (a batch of whole interleaved blocks
/// takes none; pack_lanes zeroes the lanes past a partial chunk's). An absent
/// argument (NULL, e.g. no pivots) gives ptr() == nullptr.
template <class U, int W>
class LaneArg {
 public:
  using T = std::remove_const_t<U>;
  /// in: the kernel reads it (packed before the call); out: it writes it (unpacked after);
  /// part: what the kernel reads and writes (a triangle: half the packing).
  LaneArg(const BatchView<U> &v, bool in, bool out, Part part = Part::all)
      : v_(v), in_(in), out_(out), present_(v.data || v.ptrs), part_(part) {}

  /// prefetch: also prefetch a later packed chunk of the thread's (prefetch_lanes); false where
  /// the kernel prefetches the next one itself.
  void bind(idx b0, int lanes, Place at, bool prefetch = true) {
    const bool read_in_place = at.shift > 0 && !out_;
    packed_ = present_ && !at.in_place && !read_in_place;
    shift_ = at.shift;
    if (!present_) {
      p_ = nullptr;
    } else if (!packed_) {  // (shift_ is 0 in place)
      p_ = const_cast<T *>(item(v_, b0)) - shift_;
      rs_ = v_.width;
      cs_ = idx(v_.ld) * v_.width;
    } else {
      // at the first packed chunk; W more for a shifted chunk's lanes past the last element
      p_ = buf_.acquire(std::size_t(v_.rows) * v_.cols * W + W);
      rs_ = W;
      cs_ = idx(v_.rows) * W;
      if (in_) {
        std::fill(p_, p_ + shift_, T(0));  // the first element's lanes before the shifted ones
        pack_lanes<T, W>(v_, b0, lanes, p_ + shift_, part_);
        if (prefetch) prefetch_lanes<W>(v_, b0);
      }
    }
  }
  void finish(idx b0, int lanes) {
    if constexpr (!std::is_const_v<U>)
      if (packed_ && out_) unpack_lanes<T, W>(p_ + shift_, b0, lanes, v_, part_);
  }
  T *ptr() const noexcept { return p_; }
  idx rs() const noexcept { return rs_; }
  idx cs() const noexcept { return cs_; }

 private:
  BatchView<U> v_;
  bool in_, out_, present_, packed_ = false;
  Part part_;
  Scratch<T> buf_;
  T *p_ = nullptr;
  idx rs_ = W, cs_ = W;
  int shift_ = 0;
};

/// info[b] of a chunk: written in place when the chunk has W lanes, else through a buffer
/// (lanes shift..W-1 of it for a shifted chunk, as its packed arguments).
template <int W>
class LaneInfo {
 public:
  explicit LaneInfo(int *info) : info_(info) {}
  int *bind(idx b0, int lanes, Place at) {
    b0_ = b0;
    lanes_ = lanes;
    shift_ = at.shift;
    return info_ && lanes == W ? info_ + b0 : buf_;
  }
  void finish() {
    if (info_ && lanes_ != W) std::copy(buf_ + shift_, buf_ + shift_ + lanes_, info_ + b0_);
  }

 private:
  int *info_;
  int buf_[W] = {};
  idx b0_ = 0;
  int lanes_ = 0, shift_ = 0;
};

/// f(c) for the calling thread's share of c = 0..count-1 inside a parallel region: contiguous
/// shares, the first count % threads of them one longer (as schedule(static) splits a loop),
/// with no barrier after them (the region's end waits for every thread). A worksharing loop at
/// the region's end had a barrier of its own before the region's (both compilers emit it), and
/// Debian's libomp 19 formats a trace string (malloc, vsnprintf) in each __kmpc_for_static_init.
/// Intel Xeon VM, 2 threads, the library before / after in one process: a call on 32 matrices
/// of n = 2 under OMP_WAIT_POLICY=passive 21-26 -> 12-17 us (g++ build), 31-41 -> 16-22 us
/// (clang build); 64 matrices, default policy, n = 2 / 8: 1.15-1.19x / 1.04-1.08x (g++),
/// 1.51-1.60x / 1.14-1.37x (clang); 32 MiB 1.00x.
template <class F>
void for_own_share(idx count, F &&f) {
  const idx threads = omp_get_num_threads(), t = omp_get_thread_num();
  const idx per = count / threads, longer = count % threads;
  const idx first = t * per + std::min(t, longer), end = first + per + (t < longer ? 1 : 0);
  for (idx c = first; c < end; ++c) f(c);
}

/// Threads for a parallel region over `count` pieces of work shared by for_own_share: no more than
/// there are pieces, whose other threads would be woken only to find nothing (a single chunk runs
/// on the calling thread, with no fork or join). Intel Xeon VM, 2 threads, one chunk (8 or 16
/// matrices of n = 2 or 8; getrf, getrs, potrf), the library before / after in one process:
/// 1.2-2.8x under the default wait policy (about 2 -> 1 us a call), 4-11x under passive (13-20
/// -> 1-4 us); with the VM's cores busy (a build beside it) a fork cost about 60 us.
inline int threads_for(idx count) {
  return int(std::clamp<idx>(count, 1, omp_get_max_threads()));
}

/// Runs the chunks of the batch `lead` over the OpenMP threads. `setup()` is called once per
/// thread and returns the per-chunk function f(b0, lanes, place) with its thread's buffers.
/// shift_reads: the routine's kernel computes each lane on its own, so that a partial chunk may
/// run shifted (Place).
template <int W, class U, class Setup>
void for_each_chunk(const BatchView<U> &lead, Setup setup, bool shift_reads = false) {
  const Chunks<U, W> chunks(lead);
#pragma omp parallel num_threads(threads_for(chunks.count))
  {
    auto run = setup();
    for_own_share(chunks.count, [&](idx c) {
      idx b0;
      int lanes;
      chunks.at(c, b0, lanes);
      if (lanes > 0) run(b0, lanes, chunks.place(b0, lanes, shift_reads));
    });
  }
}

}  // namespace ompbatch::detail::host

// SPDX-License-Identifier: BSD-3-Clause
// The host backend's choice of path: the SIMD lane kernels or the vendor path, by the table of
// measured crossovers of the machine class in force (simd/route.cpp asks it; the core chose the
// backend, src/backends.hpp). Within a path the layout decides how chunks are run.
#pragma once

#include <omp.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <cstdlib>
#include <iterator>
#include <string>
#include <type_traits>

#include "backends.hpp"
#include "ompbatch/ompbatch.hpp"
#include "simd/lanes.hpp"
#include "simd/paths.hpp"
#include "simd/vendor/vendor.hpp"
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace ompbatch::detail {

/// The order n (min(m,n) for getrf, the triangle's for trsm) from which the host runs a
/// routine on the vendor path, for interleaved batches and for column-major ones (pointer
/// array, strided). Below it the SIMD lane kernels are faster; the vendor path of an
/// interleaved batch also unpacks and packs it (vendor/columns.hpp).
struct Crossover {
  int interleaved, columns;
};

/// No crossover: the lane kernels were faster at every order measured (to 320 in real and 256 in
/// complex): a solve with few right-hand sides streams an interleaved factor once in place,
/// where the vendor path must unpack it first.
inline constexpr int kNone = 1 << 30;

/// The lane kernels were faster at every order measured, to 1024: the first order not measured,
/// which use_vendor's few-matrix rule takes as its estimate, and from which the vendor path runs
/// without a measurement behind it.
inline constexpr int kPast1024 = 2048;

// The AVX2 crossovers, first measured on a 2-core Zen 3 VM with 2 threads and 32 MiB batches
// (2026-11-24) by
//   scripts/crossovers.py --runs 2 --routine all -p d,s -n 24,32,48,64,96,128,160,192,256,320
//                         -l interleaved,strided --megabytes 32 -r 3
// (complex: -p c,z -n 16,..,256; the solves also with --nrhs 4, 16 and 0, i.e. n): each entry is
// the smallest order measured from which the vendor path ran at least as fast at the larger
// orders, one noisy order (a ratio within 10% of 1) not taken as a change of side.
// Measured again once the lanes ran by blocks and packed by tiles, on a 2-core Zen 3 VM (AMD
// EPYC family 25 model 1, OpenBLAS's Haswell kernels, g++ build; 2026-12-01), by
//   scripts/crossovers.py --runs 2 --routine getrf,getri,matinv,potrf -p s,d,c,z
//                         -n 48,64,96,128,192,256,384 -l interleaved,strided --megabytes 32 -r 3
//   scripts/crossovers.py --runs 2 --routine getrs,potrs,trsm  (the same)  --nrhs 1 (and 0)
// and -n 512,768 -l interleaved where the lanes stayed ahead to 384: the factorizations' table
// and the solves' columns for nrhs = 1 and n. An entry moved only where the old one ran a
// measured order on the path 10% or more slower there (44 entries, 1.10-2.78x slower): 35 moved
// up, the lanes having gained most in complex and interleaved batches; 9 down, column-major
// solves mostly (the vendor path 1.0-3.4x ahead from the new entry on) and double getrf
// column-major (1.12 at 128). The solves' columns for nrhs = 4 and 16 the same way later that
// day (--nrhs 4, --nrhs 16): 19 of 48 entries moved (1.10-3.12x slower on the old path); their
// interleaved batches now stay on the lanes (0.22-0.91 of the vendor path's time at 48..384),
// column-major double and double complex solves go to the vendor path sooner (48-64), single
// complex ones later (192-384). Every ratio and decision:
// bench/results/vm-epyc-zen3-2c-20261201-crossovers.txt. The column-major entries of double,
// complex and double complex measured once more after the g++ build's pack moved tiles of one
// register (2026-12-02, 1.2-2.5x faster at n = 3..32 on this VM; the same VM and rule), by
//   scripts/crossovers.py --runs 2 --routine getrs,potrs,trsm -p d,c,z
//                         -n 16,24,32,48,64,96,128,192,256,384 -l strided --nrhs R
//                         --megabytes 32 -r 3                        (R = 1, 0 (n), 4, 16)
//   scripts/crossovers.py --runs 2 --routine getrf,getri,matinv,potrf -p d,c,z
//                         -n 24,32,48,64,96,128,192,256,384 -l strided --megabytes 32 -r 3
// 31 of 48 entries moved by the rule, all up (the old entry ran the vendor path 1.11-2.22x
// slower at a measured order; double getrs with nrhs = 4 from a second run, --runs 3
// -n 96,..,384 -l strided,pointer: 128): the solves by 16..336 (single complex's to 384 at every
// nrhs but n), getrf double 128 -> 192, single complex 128 -> 256, double complex 32 -> 128,
// getri double 192 -> 256, potrf double and double complex 64 -> 96. And matinv double 128 ->
// 256, with getri (lanes / vendor time 0.94 / 0.96 at 128 / 192: on the vendor path from 128 it
// ran slower than getrf and getri on the lanes, 0.87 and 0.78 at 128). Every ratio and decision:
// bench/results/vm-epyc-zen3-2c-20261202-crossovers.txt. The column-major entries of the solves
// with one right-hand side in S and D once more after those solves ran both registers' lanes as
// one pass from n = 128 (wide_solve; 2026-12-03, the same VM and rule), by
//   scripts/crossovers.py --runs 3 --routine getrs,potrs,trsm -p s,d
//                         -n 48,64,96,128,160,192,224,256,320 -l strided --nrhs 1
//                         --megabytes 32 -r 3             (and --runs 2 -n 64,..,512)
// 4 of 6 entries moved: getrs d 192 -> 224, s 320 -> 224 (the lanes 1.38-2.04x slower at 224
// and 256), potrs d 64 -> 192, trsm d 48 -> 96 (the vendor path 1.1-1.6x slower below them);
// bench/results/vm-epyc-zen3-2c-20261203-solve-crossovers.txt. The interleaved entries of the
// solves with nrhs = n in S and D the same day (the same VM and rule), by
//   scripts/crossovers.py --runs 2 --routine getrs,potrs,trsm -p s,d
//                         -n 64,96,128,192,256,384,512 -l interleaved --nrhs 0
//                         --megabytes 32 -r 3     (twice; and --runs 3 -p s -n 96,128,..,384)
// single's moved up (the lanes 0.76-1.03 of the time of the vendor path, which unpacks and
// repacks each matrix, below the new entries): getrs 64 -> 224, potrs 96 -> 192, trsm 64 -> 384
// (the rule in the three runs: 256 / 192 / 224, 192 / 192 / 224, 384 / 384 / 320); double's kept
// (384). bench/results/vm-epyc-zen3-2c-20261203-solve-crossovers-nrhs-n.txt. docs/performance.md,
// "Crossovers", gives double's entries. Columns: S, D, C, Z.

/// getrf, getri, matinv, potrf, in the order of Routine (AVX2; AVX-512: kCrossovers512 and its
/// forms).
inline constexpr Crossover kCrossovers[4][4] = {
    {{256, 192}, {512, 192}, {384, 256}, {256, 128}},  // getrf
    {{384, 320}, {384, 256}, {384, 256}, {192, 192}},  // getri
    {{384, 256}, {256, 256}, {384, 384}, {192, 128}},  // matinv
    {{768, 192}, {768, 96}, {768, 128}, {768, 96}},    // potrf
};

/// kCrossovers where the host's vectors are 64 bytes (AVX-512): the lane kernels run twice the
/// lanes there and stay ahead to larger orders. The one AVX-512 table until 2026-12-04 (then
/// kCrossovers512), since then Intel's (Avx512Host::intel); its history follows. Measured on the
/// 2-core Zen 5 VM (AVX-512), 2 threads, by
///   scripts/crossovers.py --runs 2 --routine getrf,getri,matinv,potrf -p s,d,c,z
///                         -n 32,48,64,96,128,192,256,320,384,512 -l interleaved,strided
///                         --megabytes 32 -r 3
/// (the orders in parts: potrf 32..320 and 256..512 interleaved, getri/matinv 96..512 real and
/// 32..384 complex, getrf 32..320), lanes / vendor time. getrf: double 0.67 at 128, 1.01 at 192
/// (both layouts), single 0.83 at 256 and 1.02-1.03 from 256 strided / 320 interleaved, c
/// interleaved 0.97 at 320 (taken there), z 1.03 / 1.14. getri: double 0.88 / 0.78 at 256, 1.02
/// interleaved at 320, 1.04 strided at 384; single 1.03 / 1.21 at 384; c 1.10 / 1.04 at 384;
/// z 0.98 interleaved at 256, 1.07 strided there. matinv: double 1.06 / 1.05 at 320; single
/// 0.96 interleaved at 320, 1.05 strided; c 0.97 / 0.94 at 256; z 0.97-0.98 at 128, 1.10 at 192.
/// getri and matinv interleaved since gemm_update packs B down its near stride, 2 alternating
/// runs as kSolveCrossovers512's nrhs = n: getri double 0.93 / 1.09-1.10 / 1.33 at n = 384 / 512 /
/// 768, single 0.87 / 0.91-1.03 / 1.06; matinv double 1.04 / 1.14-1.28 / 1.66, single 0.84 /
/// 1.16-1.41 / 1.49.
/// getrf and matinv since getrf's lanes run by blocks (getrf_by_blocks, from lu_blocks_min): Intel
/// Xeon VM (AVX-512), the same command and runs with -n 192,256,384,512,768 (complex
/// 128,192,256,320,384,512), lanes / vendor time. getrf interleaved: double 0.66-0.86 at 192..512,
/// 1.10 at 768; single 0.46-0.79 at 192..768; c 0.38-0.85 and z 0.49-0.95 at 128..512 (single
/// 1024 and complex 768: not measured, the estimates use_vendor's few-matrix rule needs); strided:
/// double 1.01-2.34 from 192, single 0.74-0.81 at 192..384 and 1.01-1.16 from 512, c 1.02 and z
/// 1.09 at 128, 1.31-1.78 from 192; since the blocks' sub-blocks (kLuSubBlock), strided, 2 runs:
/// double 0.85 at 128, 1.08-1.21 from 192; single 0.41-0.95 at 128..512 (0.90 at 512 in a second
/// run), 1.14 at 768; c 1.05 and z 1.06 at 128, 1.33-1.67 from 192. matinv interleaved / strided:
/// double 0.92 / 0.87 at 384, 1.06 / 1.03 at 512; single 0.95 at 512, 1.13 at 768 / 0.95 at
/// 384, 1.15 at 512; c 0.94 at 256, 1.05 at 320 / 0.86 at 192, 1.08 at 256; z 0.69 / 0.84 at
/// 128, 1.07 / 1.15 at 192. potrf since its panels' form (potrf_blocked, from n = 192; single 256),
/// 2 alternating runs of medians of 3, 128 MiB, n = 256..1024: interleaved double 0.76-0.91, single
/// 0.63-0.78 (lanes ahead at every order: kPast1024); c, z 0.49-0.72 at 192..768 (64 MiB); strided
/// double 0.91 at 256, 1.15 at 384, 1.02 at 512, 1.15 at 768 and 1024; single 1.16 at
/// 256, 1.35-1.61 from 384; complex strided (narrow packed chunks) as before: 0.88-1.08 from 32
/// (c 1.01 at 64, z 1.08 at 32). getri on the Intel Xeon VM since the interchanges by blocks of
/// columns (laswp_lanes), the same command with -n 256,384,512,768 (complex 128,192,256,384), lanes
/// / vendor time: double strided 0.84 / 0.87 / 1.08 at 256 / 384 / 512 (interleaved 0.98 at
/// 384, 1.20 at 512); single 0.85 / 1.12 interleaved, 0.99 / 1.02 strided at 256 / 384; c strided
/// 0.83 / 1.05 at 192 / 256 (interleaved 1.10 at 384); z 0.75 / 1.08 / 1.15 interleaved at 128 /
/// 192 / 256, 0.92 / 1.16 strided at 128 / 192. matinv there agreed with the table (d 1.02 / 1.00
/// at 512, s 0.99 / 1.19 at 512, c 0.90 / 1.15 at 256 / 384 interleaved, 1.02 strided at 256,
/// z 1.04 / 1.16 at 192). potrf column-major complex there, -n 24,32,48,64 -l strided: z 0.68 /
/// 0.76 / 1.02 / 1.16 (crossover 32 -> 48), c 0.67 / 0.85 / 0.87 / 1.16 (64 kept). Complex
/// column-major since the lanes' packs move complex elements by tiles (Tiling, simd/lanes.hpp),
/// Intel Xeon VM, 2 threads, -l strided -n 96,128,192,256,384 (getrf c also 512; potrf also 32..64,
/// strided and pointer), 32 MiB, 2 alternating runs, vendor / lanes time, g++ (clang): getrf c 1.58
/// (1.45) at 128, 1.07-1.08 at 384, 0.83 at 512 (crossover 128 -> 512); z 1.24 (1.17) at 128, 1.08
/// (1.06) at 192, 0.99 at 256, 0.94 (0.86) at 384 (128 -> 256); getri c 1.09 (1.08) at 256, 0.92
/// (0.90) at 384 (256 -> 384), z 1.19 (1.03) at 128, 0.96 (0.84) at 192 (192 kept); matinv c 1.08
/// (1.05) at 256, 0.86 at 384 (256 -> 384), z 1.27 (1.01) at 128, 0.99 (0.86) at 192 (kept); potrf
/// c 1.22 (1.20) at 128, 0.80 (0.84) at 192 (64 -> 192), z 1.14-1.21 at 64, 1.01-1.05 (0.98) at 96,
/// 0.95-1.02 (0.86) at 128 (48 -> 96). Interleaved complex, g++: getri and matinv z 1.18-1.35 at
/// 128, 0.88-0.91 at 192; getrf z 1.09 at 384, 0.98 at 512 (kept). Complex getri, matinv and potrf
/// since their lanes run the preferred width at every order (simd/solve_host.cpp), Intel Xeon VM, 2
/// runs, 32 MiB, lanes / vendor time (scripts/crossovers.py, g++ build; clang interleaved from
/// 256): getri c interleaved 0.75 (0.79) / 0.88 (0.89) / (1.08) at 384 / 512 / 768, strided 0.90
/// / 1.06 at 384 / 512; z interleaved 0.81 (0.87) / 0.93 (0.99) / 0.98 (1.05) / (1.18) at 256 / 384
/// / 512 / 768, strided 0.94 / 1.19 at 256 / 384; matinv c interleaved 0.84 (0.76) / 0.90 (0.88) /
/// (1.07) at 384 / 512 / 768, strided 0.91 / 1.06 at 384 / 512; z interleaved 0.95 (0.94) / 1.06
/// (1.05) at 384 / 512, strided 0.98 / 1.15 at 256 / 384; potrf strided c 0.96 / 0.92 / 1.03 at 192
/// / 256 / 384, z 0.85 / 1.35 at 128 / 192. getrf, getri and matinv from 384 once more (Zen 5 VM,
/// 2026-11-28, after the blocked lanes' later changes), by
///   scripts/crossovers.py --runs 2 --routine getrf (getri,matinv) -p s,d,c,z -n 384,512,768
///                         -l interleaved,strided --megabytes 32 -r 3
/// lanes / vendor time at 384 / 512 / 768, interleaved; strided: getrf s 0.83 / 0.50 / 0.77;
/// 1.06 / 1.32 / 1.14, d 0.86 / 0.87 / 0.96; 0.96 / 1.08 / 1.31 (192 kept), c 0.71 / 0.81 / 0.81;
/// 0.82 / 0.92 / 0.97, z 0.69 / 0.76 / 0.81; 0.98 / 0.97 / 1.01 (256 kept); getri s 0.63 / 0.83 /
/// 0.96; 0.82 / 1.01 / 1.23, d 0.61 / 0.87 / 0.98; 0.75 / 0.86 / 1.00, c 0.57 / 0.67 / 0.68; 0.71
/// / 0.87 / 0.91, z 0.78 / 0.73 / 0.73; 0.83 / 0.85 / 0.89; matinv s 0.85 / 1.24 / 1.34; 1.09 /
/// 1.24 / 1.33, d 0.98 / 0.94 / 0.99; 1.14 / 1.08 / 1.27, c 0.92 / 0.68 / 0.80; 0.85 / 0.91 /
/// 0.96, z 0.73 / 0.80 / 0.86; 0.86 / 0.90 / 0.90. Where the lanes stayed ahead at 768: 1024,
/// the first order not measured. Real interleaved at 1024 (the same VM and script, -p s,d -n
/// 1024 -l interleaved): getrf s 0.84, d 1.12; getri s 1.07, d 0.95; matinv s 0.94, d 0.92:
/// getrf s, getri d and matinv d 1024 -> kPast1024 (matinv s keeps 512: 1.24 / 1.34 at 512 / 768,
/// one order within 10% of 1). Complex interleaved at 1024 (the same VM and script, -p c,z -n 1024
/// -l interleaved, 2026-11-28): getrf c 0.84, z 0.78; getri c 0.71, z 0.74; matinv c 0.78, z 0.85:
/// all six -> kPast1024.
/// Measured again from n = 256 on the 2-core Zen 4 VM (AMD EPYC family 25 model 17, AVX-512 on
/// 256-bit units; OpenBLAS's SkylakeX kernels), 2026-11-29, where the vendor path caught up
/// sooner than on the Zen 5 VM, by
///   scripts/crossovers.py --runs 2 --preset P --routine getrf,getri,matinv,potrf -p s,d,c,z
///                         -n 256,384,512,768 -l interleaved,strided --megabytes 32 -r 3
/// (P = host-gcc; double also offload-x86, the clang build), each run's ratio taken from the two
/// paths' speed-ups over the tester's loop, which it times in turn with them. Lanes / vendor time
/// at 256 / 384 / 512 / 768, interleaved; column-major (double: g++, clang):
/// getrf s 0.61 / 0.67 / 0.81 / 0.93; 0.83 / 1.01 / 1.37 / 1.38, d 0.67 / 0.92 / 1.07 / 1.12,
/// 0.75 / 0.99 / 0.95 / 1.23; 1.11 / 1.31 / 1.20 / 1.69, 1.06 / 1.38 / 1.37 / 1.57, c 0.88 / 0.92
/// / 1.02 / 1.19; 1.13 / 1.34 / 1.37 / 1.39, z 0.82 / 0.86 / 0.96 / 1.11; 1.14 / 1.35 / 1.26 /
/// 1.40; getri s 0.61 / 0.70 / 0.87 / 1.12; 0.76 / 0.84 / 1.06 / 1.33, d 0.77 / 0.96 / 1.22 /
/// 1.39, 0.73 / 0.97 / 1.14 / 1.31; 0.75 / 1.00 / 1.17 / 1.25, 0.81 / 0.98 / 1.09 / 1.21, c 0.81
/// / 0.90 / 1.02 / 1.17; 0.96 / 1.03 / 1.21 / 1.40, z 0.81 / 0.95 / 1.04 / 1.10; 1.02 / 1.17 /
/// 1.13 / 1.37; matinv s 0.66 / 0.79 / 0.95 / 1.14; 0.75 / 0.88 / 1.06 / 1.38, d 0.89 / 1.08 /
/// 1.22 / 1.23, 0.80 / 0.99 / 1.08 / 1.26; 0.85 / 0.99 / 1.17 / 1.29, 0.74 / 0.93 / 1.08 / 1.20,
/// c 0.85 / 0.97 / 1.18 / 1.15; 0.99 / 1.10 / 1.23 / 1.32, z 0.91 / 1.03 / 0.98 / 1.16; 0.98 /
/// 1.24 / 1.12 / 1.34; potrf interleaved 0.50-0.97 (kept), column-major s 0.84 / 0.96 / 1.10 /
/// 1.26, d 0.84 / 0.89 / 0.92 / 1.16, 0.77 / 0.95 / 0.82 / 0.96, c 0.97 / 1.15 / 1.05 / 1.27, z
/// 0.95 / 1.14 / 1.11 / 1.19. One table serves both machines: an entry moved where this VM's
/// gain at every order it hands over (the ratio above) exceeded the Zen 5 VM's loss there (its
/// ratios above, 2026-11-28; the Intel Xeon VM's for column-major potrf), in both builds for
/// double: interleaved getrf d 1024 -> 768 (Zen 5 0.96 at 768), getri s 1024 -> 768 (0.96), getri
/// d past 1024 -> 768 (0.98; at 512 the clang build's 1.14 against Zen 5's 0.87), matinv d past
/// 1024 -> 512 (0.94 / 0.99 at 512 / 768); column-major getrf c 1024 -> 384 (0.82 / 0.92 / 0.97
/// at 384 / 512 / 768), getri c 1024 -> 512 (0.87 / 0.91), getri z 1024 -> 768 (0.89), matinv c
/// 1024 -> 512 (0.91 / 0.96), matinv z 1024 -> 384 (0.86 / 0.90 / 0.90). Kept: the complex
/// interleaved entries (Zen 5 0.57-0.92 at 384..768 against 0.86-1.19 here), single matinv
/// interleaved (0.95 here at 512, 1.24 there), double getri column-major (1.09 / 1.17 here at
/// 512, 0.86 there), and column-major potrf and double matinv, which this VM would move up: the
/// lanes ran 0.82-0.99 here at 256..512 where the other VMs' vendor path ran 1.02-1.61 (potrf
/// double 1.15 / 1.02 at 384 / 512, single 1.16 at 256 and 1.35-1.61 from 384, double complex
/// 1.35 at 192; matinv double 1.14 at 384). Single matinv column-major moved up: 384 -> 512 (0.88
/// here at 384, 1.09 there). With OpenBLAS's Haswell kernels on this VM (-p d,z -n 384,512
/// --routine getri,matinv, g++) the vendor path was ahead at 384 and 512 as well (1.02-1.31 but z
/// interleaved getri 0.96 at 384): the machine, not OpenBLAS's kernels, makes the difference.
/// Interleaved, real, from 512 on the Intel Xeon VM of kSolveCrossovers512Intel (2026-11-30, g++
/// build), by
///   scripts/crossovers.py --runs 2 --routine getrf,getri,matinv,potrf -p s,d -n 512,768,1024
///                         -l interleaved --megabytes 32 -r 3
/// lanes / vendor time at 512 / 768 / 1024: getrf s 0.65 / 0.81 / 0.93, d 0.77 / 0.94 / 1.16;
/// getri s 0.94 / 1.27 / 1.21, d 1.00 / 1.27 / 1.45; matinv s 0.92 / 1.04 / 1.21, d 0.89 / 1.12 /
/// 1.27; potrf s 0.60 / 0.77 / 0.83, d 0.83 / 0.97 / 0.83. The entries hold there but double
/// matinv's, which the half-width table's rule would move 512 -> 768 (0.89 at 512); kept, one
/// entry at the rule's edge (the sweep of that VM ran that cell on the vendor path at 1.19x /
/// 0.85x the loop, g++ / clang builds).
/// Double interleaved getrf and matinv once more on a Zen 5 VM (2026-12-04, g++ build), by
///   scripts/crossovers.py --runs 2 --table kCrossovers512,kSolveCrossovers512
///                         --routine getrf,matinv -p d -n 384,512,768 -l interleaved
///                         --megabytes 64 -r 3
/// lanes / vendor time at 384 / 512 / 768: getrf 0.68 / 0.69 / 0.83, matinv 0.71 / 0.77 / 0.86.
/// Both VMs' lanes ran ahead below the orders the Zen 4 VM's moves had set (Intel: getrf 0.94 at
/// 768, matinv 0.89 at 512), and both VMs' vendor path from the next order (Zen 5 getrf 1.12 at
/// 1024; Intel getrf 1.16 at 1024, matinv 1.12 at 768): getrf d 768 -> 1024, matinv d 512 -> 768
/// (the Zen 5 VM's lanes, 0.86 at 768 and 0.92 at 1024, kept from there for the Intel VM's sake).
/// Columns: S, D, C, Z.
inline constexpr Crossover kCrossovers512Intel[4][4] = {
    {{kPast1024, 384}, {1024, 192}, {kPast1024, 384}, {kPast1024, 256}},       // getrf
    {{768, 512}, {768, 768}, {kPast1024, 512}, {kPast1024, 768}},              // getri
    {{512, 512}, {768, 384}, {kPast1024, 512}, {kPast1024, 384}},              // matinv
    {{kPast1024, 256}, {kPast1024, 384}, {kPast1024, 384}, {kPast1024, 192}},  // potrf
};

/// kCrossovers512 for AMD's full-width AVX-512 (Avx512Host::amd, Zen 5), measured again on the
/// 2-core Zen 5 VM (g++ build, 2026-12-04) once the lanes' packs moved by tiles and panels and
/// packed only the triangles they read, by
///   scripts/crossovers.py --runs 2 --table kCrossovers512,kSolveCrossovers512
///                         --routine getrf,getri,matinv,potrf -p s,d,c,z
///                         -n 192,256,384,512,768 -l strided --megabytes 32 -r 3
///                         (complex: -n 128,..,768)
///                         -n 512,768,1024 -l interleaved (real; --megabytes 32, and 128 at
///                         768 / 1024, where 32 MiB holds 4..14 matrices)
///                         -n 768,1024 -l strided --megabytes 128 (potrf; getri s, d, z)
/// lanes / vendor time. Column-major at 192 / 256 / 384 / 512 / 768 (complex 128 first): getrf
/// s 0.83 / 0.66 / 0.73 / 0.86 / 1.09, d 0.77 / 0.70 / 0.87 / 0.91 / 1.88, c 0.49 / 0.57 / 0.52 /
/// 0.74 / 0.88 / 1.35, z 0.58 / 0.61 / 0.63 / 0.85 / 0.87 / 1.23; getri s 0.76 / 0.70 / 0.79 /
/// 1.00 / 1.47, d 0.46 / 0.46 / 0.58 / 0.62 / 1.09, c 0.44 / 0.43 / 0.48 / 0.64 / 0.64 / 1.22, z
/// 0.52 / 0.53 / 0.60 / 0.66 / 0.72 / 0.97; matinv s 0.74 / 0.68 / 0.81 / 0.91 / 1.62, d 0.48 /
/// 0.50 / 0.62 / 0.67 / 1.16, c 0.38 / 0.43 / 0.51 / 0.66 / 0.92 / 1.28, z 0.54 / 0.54 / 0.68 /
/// 0.68 / 0.86 / 1.10; potrf s 0.73 / 0.90 / 0.75 / 0.90 / 0.92, d 0.86 / 0.76 / 0.80 / 0.73 /
/// 0.83, c 0.56 / 0.66 / 0.59 / 0.77 / 0.64 / 1.31, z 0.56 / 0.58 / 0.64 / 0.65 / 0.68 / 0.97.
/// Interleaved at 512 / 768 / 1024 (32 MiB; 128 MiB at 768 / 1024): getrf s 0.73 / 0.81 / 0.85
/// (0.80 / 0.86), d 0.76 / 0.84 / 0.87 (0.78 / 0.87); getri s 0.81 / 0.97 / 1.00 (0.95 / 0.99),
/// d 0.67 / 0.90 / 0.93 (0.86 / 0.90); matinv s 0.81 / 0.94 / 0.96 (0.85 / 0.98), d 0.72 / 0.86
/// / 0.88 (0.87 / 0.95); potrf s 0.65 / 0.62 / 0.68, d 0.64 / 0.71 / 0.75.
/// Column-major at 768 / 1024, 128 MiB: potrf s 0.85 / 1.71, d 0.77 / 1.21, z 1.00 / 0.96; getri
/// s 1.99 / 1.64, d 1.13 / 1.03, z 1.02 / 0.99.
/// The lanes ran ahead to larger orders than the table had (from 2026-11-28 and the Zen 4 and
/// Intel Xeon VMs' moves, kCrossovers512Intel above): moved by the table's rule, interleaved
/// getrf, getri and matinv d and matinv s to kPast1024 (getri s keeps 768: 0.95-1.00 from 768);
/// column-major getrf s 384 -> 768, d 192 -> 512 (the rule's 768 but for 2 more runs with the
/// paths forced, which ran 512 on the lanes 1.12x and 1.29x as long), c 384 -> 768, z 256 ->
/// 768; getri c 512 -> 768; matinv d 384 -> 768, z 384 -> 768; potrf s 256 -> 1024, d 384 ->
/// 1024, c 384 -> 768, z 192 -> 768 (the paths even from 768: 0.96-1.00; the lanes 0.56-0.68
/// below). Kept within 10%: getri s 512 (1.00 there), z 768 (0.97); matinv s 512 (0.91; the rule's
/// 768, but the library with it ran that cell 0.86x and 0.88x as fast in 2 alternating rounds), c
/// 512 (0.92). Columns: S, D, C, Z.
inline constexpr Crossover kCrossovers512[4][4] = {
    {{kPast1024, 768}, {kPast1024, 512}, {kPast1024, 768}, {kPast1024, 768}},    // getrf
    {{768, 512}, {kPast1024, 768}, {kPast1024, 768}, {kPast1024, 768}},          // getri
    {{kPast1024, 512}, {kPast1024, 768}, {kPast1024, 512}, {kPast1024, 768}},    // matinv
    {{kPast1024, 1024}, {kPast1024, 1024}, {kPast1024, 768}, {kPast1024, 768}},  // potrf
};

/// kCrossovers512 for AVX-512 that runs on 256-bit units (AMD family 19h, Zen 4:
/// Avx512Host::amd_half_width), where the vendor path catches up sooner: each entry from that VM's
/// ratios above alone (the 2-core Zen 4 VM, 2026-11-29; lanes / vendor time at 256 / 384 / 512 /
/// 768), by the table's rule: the smallest order measured from which the vendor path ran at least
/// as fast at the larger orders, one order within 10% of 1 not taken as a change of side, double
/// by both builds (where they split, the larger gain); double matinv interleaved keeps 512 (1.08 /
/// 0.99 at 384, and the library with 384 ran that cell at 0.79x the speed of 512's, 2 alternating
/// rounds). Where the vendor path was ahead from 256, the first order measured, an entry below it
/// is kept (getrf double and double complex column-major); so are the entries whose lanes stayed
/// ahead to 768 (kPast1024) and column-major double complex potrf (0.95 at 256, not measured
/// below). Moved from kCrossovers512 (then the one table; now kCrossovers512Intel): interleaved
/// getrf d 768 -> 512, c past 1024 -> 512, z -> 768; getri d 768 -> 512, c and z past 1024 -> 512;
/// matinv s 512 -> 768, c past 1024 -> 512, z -> 384; column-major getrf c 384 -> 256; getri d 768
/// -> 512, c 512 -> 384, z 768 -> 256; matinv d 384 -> 512, c 512 -> 384; potrf s 256 -> 512, d
/// 384 -> 768. (That table's double interleaved getrf and matinv have moved since, to 1024 and
/// 768: 2026-12-04, above.) Columns: S, D, C, Z.
inline constexpr Crossover kCrossovers512HalfWidth[4][4] = {
    {{kPast1024, 384}, {512, 192}, {512, 256}, {768, 256}},                    // getrf
    {{768, 512}, {512, 512}, {512, 384}, {512, 256}},                          // getri
    {{768, 512}, {512, 512}, {512, 384}, {384, 384}},                          // matinv
    {{kPast1024, 512}, {kPast1024, 768}, {kPast1024, 384}, {kPast1024, 192}},  // potrf
};

/// The AVX-512 hosts whose measured tables differ: AMD family 19h (Zen 4), whose AVX-512
/// instructions run on 256-bit units (kCrossovers512HalfWidth, kSolveCrossovers512HalfWidth); AMD's
/// later families (Zen 5: kCrossovers512, kSolveCrossovers512); every other vendor's, Intel's
/// (kCrossovers512Intel, kSolveCrossovers512Intel).
enum class Avx512Host { intel, amd, amd_half_width };

/// The kind of AVX-512 host from the CPU's vendor, family and AVX-512 support.
constexpr Avx512Host avx512_host(bool amd, unsigned family, bool avx512) noexcept {
  if (!amd) return Avx512Host::intel;
  return family == 0x19 && avx512 ? Avx512Host::amd_half_width : Avx512Host::amd;
}

/// avx512_host of the CPU this process runs on (CPUID, read once; intel off x86). Inline: the
/// tests call it through host_table, and the library exports its APIs alone (src/exports.map).
inline Avx512Host avx512_host() {
  static const Avx512Host host = [] {
#if defined(__x86_64__) || defined(__i386__)
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d)) return Avx512Host::intel;
    const bool amd = b == 0x68747541 && d == 0x69746e65 && c == 0x444d4163;  // "AuthenticAMD"
    if (!__get_cpuid(1, &a, &b, &c, &d)) return Avx512Host::intel;
    const unsigned base = (a >> 8) & 0xf, family = base == 0xf ? base + ((a >> 20) & 0xff) : base;
    const bool avx512 = __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b >> 16 & 1);  // AVX512F
    return avx512_host(amd, family, avx512);
#else
    return Avx512Host::intel;
#endif
  }();
  return host;
}

/// The machine classes the tables are measured for, in the order of src/backends.hpp's
/// kHostTables (their names).
enum class HostTable { avx2, avx512_intel, avx512_amd, avx512_half_width };

/// The tables in force: OMPBATCH_HOST_TABLE's (tests and measurements; ompbCreate refuses a name
/// not in kHostTables), else avx2 for kernels narrower than AVX-512 and for AVX-512 kernels the
/// form of avx512_host(). Read once.
inline HostTable host_table() {
  static const HostTable table = [] {
    if (const char *env = std::getenv("OMPBATCH_HOST_TABLE"); env && *env)
      for (int t = 0; t < int(std::size(host::kHostTables)); ++t)
        if (std::string(env) == host::kHostTables[t]) return HostTable(t);
    if constexpr (kVectorBytes < 64) return HostTable::avx2;
    const Avx512Host host = avx512_host();
    return host == Avx512Host::amd_half_width ? HostTable::avx512_half_width
           : host == Avx512Host::amd          ? HostTable::avx512_amd
                                              : HostTable::avx512_intel;
  }();
  return table;
}

/// Of a table's forms, the one host_table() names.
template <class Table>
const Table &host_table(const Table &avx2, const Table &intel, const Table &amd,
                        const Table &half_width) {
  switch (host_table()) {
    case HostTable::avx2:
      return avx2;
    case HostTable::avx512_intel:
      return intel;
    case HostTable::avx512_amd:
      return amd;
    case HostTable::avx512_half_width:
      return half_width;
  }
  return avx2;
}

/// The factorizations' and inverses' crossovers of host_table(): kCrossovers (AVX2),
/// kCrossovers512Intel, kCrossovers512 (AMD's full-width units) or kCrossovers512HalfWidth.
inline const Crossover (&factor_crossovers())[4][4] {
  return host_table(kCrossovers, kCrossovers512Intel, kCrossovers512, kCrossovers512HalfWidth);
}

/// A table's column for precision T: S, D, C, Z.
template <class T>
constexpr int precision_index() {
  if constexpr (std::is_same_v<T, float>) return 0;
  if constexpr (std::is_same_v<T, double>) return 1;
  if constexpr (std::is_same_v<T, std::complex<float>>) return 2;
  return 3;
}

/// The right-hand sides the solves' crossovers were measured at; the last column is nrhs = n.
inline constexpr int kRhsMeasured[3] = {1, 4, 16};
inline constexpr int kRhsAll = 3;  // the solves' tables' column for nrhs = n

/// getrs, potrs, trsm (left): [routine][nrhs = 1, 4, 16, n][precision] (AVX2; AVX-512:
/// kSolveCrossovers512).
inline constexpr Crossover kSolveCrossovers[3][4][4] = {
    {{{kNone, 224}, {kNone, 224}, {kNone, 384}, {kNone, 384}},  // getrs, nrhs = 1
     {{kNone, 128}, {kNone, 128}, {kNone, 384}, {kNone, 384}},  //        4
     {{kNone, 64}, {kNone, 192}, {kNone, 384}, {kNone, 256}},   //        16
     {{224, 24}, {384, 64}, {384, 384}, {256, 128}}},           //        n
    {{{kNone, 192}, {kNone, 192}, {kNone, 384}, {kNone, 192}},  // potrs
     {{kNone, 96}, {kNone, 128}, {kNone, 384}, {kNone, 192}},
     {{kNone, 64}, {kNone, 128}, {kNone, 384}, {kNone, 128}},
     {{192, 48}, {384, 192}, {768, 256}, {384, 96}}},
    {{{kNone, 96}, {kNone, 96}, {kNone, 384}, {kNone, 48}},  // trsm
     {{kNone, 96}, {kNone, 96}, {kNone, 384}, {kNone, 96}},
     {{kNone, 64}, {kNone, 96}, {kNone, 384}, {kNone, 64}},
     {{384, 48}, {384, 64}, {512, 192}, {384, 96}}},
};

/// kSolveCrossovers where the host's vectors are 64 bytes (AVX-512), on AMD's full-width units
/// (Avx512Host::amd, Zen 5); its interleaved entries serve Intel's too (kSolveCrossovers512Intel).
/// Interleaved, nrhs = 1: as on AVX2 (the lanes at every order).
/// Interleaved, nrhs = 4 and 16, where the AVX2 table had a
/// crossover (single and single complex), Zen 5 VM, 2026-11-27, scripts/crossovers.py --runs 2
/// --routine getrs,potrs,trsm -p s,c -n 64,128,192,256,384 -l interleaved --nrhs 4 (16)
/// --megabytes 32 -r 3: lanes / vendor 0.18-0.55 (0.18-0.79; trsm s 0.98 and 1.08 at 128 and
/// 256, 0.27 at 384) to 384, so 512, the first order not measured. Interleaved, nrhs = n, since the
/// solves' blocked form (kTrsmBlockedMin) with B packed down its near stride: Zen 5 VM,
/// interleaved, 2 threads, 64 MiB (768: 128 MiB), medians of 3, 2 alternating runs (512: 4), lanes
/// / vendor time at n = 384 / 512 / 768 (192 and 256: 0.56-0.89 before the packing order changed):
/// getrs double 0.88 / 0.98-1.03 / 1.05, single 0.89 / 1.02-1.03 / 1.09; potrs double 0.84 /
/// 0.92-0.95 / 1.00, single 0.78 / 0.93-0.97 / 0.98; trsm double 0.79 / 0.85-0.88 / 0.94, single
/// 0.73 / 0.83-1.23 / 0.86 (1024: not measured, the estimate use_vendor's few-matrix rule needs).
/// Column-major batches keep kSolveCrossovers' (not measured then). getrs moved to 768 once
/// gemm_update packed A's block once for every panel and ran 6 x 4 tiles: Intel Xeon VM (AVX-512),
/// the same runs, lanes / vendor time at n = 512 / 768: double 0.76 / 1.09, single 0.78 / 0.97.
/// Complex interleaved on the Intel Xeon VM (2026-11-27, scripts/crossovers.py --runs 2 --routine
/// getrs,potrs,trsm -p c,z -n 128,256,384,512 -l interleaved --nrhs 0 --megabytes 32 -r 3), lanes /
/// vendor time at n = 128 / 256 / 384 / 512: c getrs 0.51 / 0.71 / 0.90 / 1.17, potrs 0.49 / 0.73 /
/// 0.98 / 1.23, trsm 0.46 / 0.74 / 0.89 / 1.09; z (to 384) getrs 0.68 / 0.90 / 1.24, potrs 0.64 /
/// 0.98 / 1.23, trsm 0.60 / 0.95 / 1.15. z crosses at 256 all the same: there the clang build's
/// lanes ran 0.86-0.92x the vendor path's speed (2 alternating runs of both tables; the g++
/// build's 1.02-1.04x). Complex interleaved since its lanes run the preferred width at every order
/// (simd/solve_host.cpp), the same command with -n 256,384,512,768, g++: c getrs 0.53 / 0.74 /
/// 0.87, potrs 0.54 / 0.78 / 0.98, trsm 0.48 / 0.70 / 0.86 at 256 / 512 / 768 (1024: not measured,
/// the estimate use_vendor's few-matrix rule needs); z getrs 0.70 / 0.92 / 1.02, potrs 0.65 / 0.91
/// / 1.16, trsm 0.63 / 0.82 / 0.95. Column-major (strided and pointer arrays), measured for AVX-512
/// on the Zen 5 VM (2026-11-27, OpenBLAS's Haswell kernels, as the machine's OPENBLAS_CORETYPE
/// sets) by
///   scripts/crossovers.py --runs 2 --routine getrs,potrs,trsm -p s,d,c,z
///                         -n 16,24,32,48,64,96,128,192,256,384 -l strided --nrhs R
///                         --megabytes 32 -r 3                        (R = 0 (n), 16, 4, 1)
/// where the AVX2 table sent them to the vendor path from n = 24..192: the lanes ran 0.1-0.7x
/// the vendor path's time to n = 128 in every precision and column, and real and single complex
/// stayed ahead to 384 (lanes / vendor at 384, nrhs = n: getrs s 0.89, d 0.72, c 0.86; potrs
/// 0.88 / 0.67 / 0.82; trsm d 0.72, c 0.81, s 1.12). Crossovers: the order from which the vendor
/// path was at least as fast at every larger measured order (one order within 10% of 1 not
/// taken as a change of side), else 512, the first order not measured (kNone where the AVX2
/// table had it). Double complex also with OpenBLAS's SkylakeX kernels (OPENBLAS_CORETYPE,
/// 2 alternating runs of -n 64..256 or 128..256 with each path forced), whose ztrsm and zgetrs
/// ran faster: the smaller of the two crossovers (lanes / vendor at 256, nrhs = n: getrs 1.24,
/// potrs 1.17, trsm 1.15; trsm nrhs = 1 1.12 at 128 and 192; nrhs = 16 getrs 1.20 at 128,
/// potrs 1.08 at 192, trsm 1.10 at 128), z nrhs = 4 between its neighbours. The same SkylakeX
/// runs in double: lanes / vendor 0.26-0.50 at n = 64..256, nrhs = n. Two single entries with
/// nrhs = 1 took a second look (2 alternating runs of the library with the table before and
/// after): getrs s at 256 ran 1.45x faster on the lanes than on the vendor path (384: 1.38 in
/// the table's runs), trsm s 0.79x (1.06 there): 384 and 256. Column-major, nrhs = n, from 512
/// once more (2026-11-28, the same VM and command with -n 512,768): lanes / vendor time at 512 /
/// 768, getrs s 0.92 / 1.10, d 0.93 / 0.96, c 0.91 / 1.02, z 1.11 / 1.17; potrs s 1.25 / 1.13,
/// d 0.95 / 0.94, c 0.91 / 1.04, z 1.13 / 1.14; trsm s 1.17 / 1.36, d 1.00 / 1.11, c 1.03 /
/// 1.09, z 1.13 / 1.22: getrs and potrs c 512 -> 768, d 512 -> 1024 (the first order not
/// measured). Single getrs at 512 again, 4 alternating runs of the tester with each path forced:
/// lanes 88.9-97.1 ms, vendor 83.5-85.8 (512 kept); getrs and potrs c and d, 3 runs: lanes /
/// vendor median time 0.88-0.95. Interleaved, nrhs = n, real, at 768 and 1024 (2026-11-28, the
/// same VM, scripts/crossovers.py --runs 2 --routine getrs,potrs,trsm -p s,d -n 768,1024 -l
/// interleaved --nrhs 0 --megabytes 32 -r 3), lanes / vendor time at 768 / 1024: getrs s 0.84 /
/// 0.89, d 0.90 / 0.88; potrs s 0.94 / 0.89, d 0.92 / 1.00; trsm s 0.73 / 0.88, d 0.79 / 0.93:
/// 768 (getrs, potrs) and 1024 (trsm) -> kPast1024. Double complex the same way (-p z): getrs
/// 0.71 / 0.78, potrs 0.71 / 0.80, trsm 0.69 / 0.77: 768 / 768 / 1024 -> kPast1024; single complex
/// (-p c, 2026-11-28 evening): getrs 0.74 / 0.77, potrs 0.71 / 0.77, trsm 0.65 / 0.76: 1024 ->
/// kPast1024.
/// Real potrs and trsm, column-major, again once their lanes packed only the triangle they read
/// (simd/solve_host.cpp, kTrianglePackBytesMin; 2026-12-04, a 2-core Zen 5 VM, g++ build), by
///   scripts/crossovers.py --runs 2 --table kCrossovers512,kSolveCrossovers512
///       --routine potrs,trsm -p s,d -l strided --megabytes 32 -r 3
///       -n 128,192,256,384,512,768 --nrhs R  (R = 1, 4, 16; and -n 768,1024 --megabytes 64)
///       -n 256,384,512,768 --nrhs 0
/// lanes / vendor time, old -> new entry (the rule above; two values at 768: the two commands):
///   nrhs = 1:  potrs s 0.49-0.88 to 768, 0.82 at 1024, d 0.61-0.92, 0.78: 512 -> kPast1024;
///              trsm s 0.85 / 0.95 / 1.01 / 0.86 / 0.86 at 128..512, 1.23 / 1.24 / 1.58 at 768 /
///              1024: 256 -> 768; d 0.58-0.89 to 512, 1.24 / 1.08 / 1.17: 384 -> 768
///   nrhs = 4:  potrs s 0.51-0.86 to 512, 1.00 / 0.94 / 1.05: 512 -> 768; d 0.47-0.87 to 1024:
///              512 -> kPast1024; trsm s 0.76-0.94 to 512, 2.03 / 1.49 / 0.94: 512 -> 768; d
///              0.51-0.83 to 512, 1.08 / 0.79 / 1.08: 512 -> 1024
///   nrhs = 16: potrs s 0.68-0.79 to 512, 0.97 / 0.94 / 1.37: 512 -> 768; d 0.64-0.88 to 1024:
///              512 -> kPast1024; trsm s 0.70 / 1.17 / 1.03 / 1.12 / 1.21 at 128..512: 128 -> 192;
///              d 0.72-1.04 to 512, 0.98 / 0.91 / 1.17: 512 -> 1024
///   nrhs = n:  trsm s 0.83 / 0.90 / 1.05 / 2.01 at 256..768: 384 -> 512; d 0.60 / 0.65 / 0.85 /
///              1.43: 512 -> 768; potrs kept (s 0.75 / 1.09 / 1.03 / 1.45, d 0.59 / 0.65 / 0.80
///              / 1.09)
/// Complex potrs and trsm, column-major, the same VM and build (2026-12-04), the same command
/// with -p c,z -n 96,128,192,256,384,512 (R = 1, 4, 16; then -n 768,1024 --megabytes 64) and
/// -n 192,256,384,512,768 (R = 0), lanes / vendor time at 96 / 128 / 192 / 256 / 384 / 512 / 768
/// / 1024, old -> new entry:
///   nrhs = 1:  potrs c 0.30-0.74 to 768, 0.97 at 1024: 512 -> kPast1024; z 0.67-0.87 to 768,
///              1.12: 512 -> 1024; trsm c 0.45-0.62 to 512, 1.08 / 0.96: 512 -> 768; z 0.95 /
///              0.98 / 0.83 / 0.81 / 0.94 / 0.97 / 1.04 / 1.07: 128 -> 768
///   nrhs = 4:  potrs c 0.37-0.87 to 768, 1.32: 384 -> 1024; z 0.74 / 0.95 / 1.03 / 1.00 / 0.91 /
///              1.06 / 1.15 / 1.29: 256 kept; trsm c 0.46-0.97 to 512, 1.01 / 1.24: 512 kept; z
///              0.86-0.99 to 384, 1.28 / 0.99 / 1.39: 128 -> 512
///   nrhs = 16: potrs c 0.42-0.93 to 768, 0.96: 512 -> kPast1024; z 0.67-0.99 to 512, 1.13 /
///              1.25: 192 -> 768; trsm c 0.51-0.93 to 512, 1.00 / 0.95: 384 -> 768; z 0.83-0.96 to
///              384, 1.17 / 1.06 / 1.06: 96 -> 512
///   nrhs = n:  potrs c 0.86 / 0.69 / 0.87 / 0.92 / 1.03 at 192..768: 768 kept; z 0.79 / 0.88 /
///              0.98 / 1.06 / 1.12: 256 -> 512; trsm c 0.59 / 0.96 / 0.75 / 0.93 / 1.11: 512 kept;
///              z 0.84 / 0.81 / 1.00 / 1.14 / 1.18: 256 -> 384
/// Real getrs, column-major, again once the lanes' packs moved by tiles and panels (the same VM
/// and build, 2026-12-04), by
///   scripts/crossovers.py --runs 2 --table kCrossovers512,kSolveCrossovers512 --routine getrs
///       -p s,d -l strided --megabytes 32 -r 3 -n 128,192,256,384,512,768 --nrhs R (R = 1, 4,
///       16), -n 256,384,512,768 --nrhs 0
/// lanes / vendor time at 128 / 192 / 256 / 384 / 512 / 768: nrhs = 1 s 0.43 / 0.62 / 0.79 /
/// 1.02 / 1.47 / 2.51, d 0.69 / 0.94 / 1.03 / 1.41 / 1.78 / 2.11; nrhs = 4 s 0.73 / 0.78 / 0.83 /
/// 0.82 / 1.06 / 1.54, d 0.54 / 0.73 / 0.57 / 0.78 / 0.80 / 1.05; nrhs = 16 s 0.89 / 1.11 / 1.02
/// / 1.02 / 1.13 / 1.36, d 0.67 / 0.80 / 0.73 / 0.83 / 0.99 / 0.97; nrhs = n (from 256) s 0.82 /
/// 0.93 / 1.05 / 1.40, d 0.60 / 0.69 / 0.79 / 0.97. Two rows the rule would move, run again
/// with --runs 4: s with 16 right-hand sides 1.10 / 0.96 / 0.87 / 0.92 / 1.04 / 1.27 (512 kept);
/// d with 4 (--megabytes 64, -n 384,512,768,1024) 0.72 / 0.91 / 1.00 / 0.98 at 384 / 512 / 768
/// / 1024: 512 -> 768, the vendor path even from there in both runs. Every other entry kept.
inline constexpr Crossover kSolveCrossovers512[3][4][4] = {
    {{{kNone, 384}, {kNone, 192}, {kNone, kNone}, {kNone, 384}},                  // getrs, nrhs = 1
     {{512, 512}, {kNone, 768}, {kNone, 512}, {kNone, 192}},                      //        4
     {{512, 512}, {kNone, 512}, {kNone, 512}, {kNone, 128}},                      //        16
     {{kPast1024, 512}, {kPast1024, 1024}, {kPast1024, 768}, {kPast1024, 256}}},  //        n
    {{{kNone, kPast1024}, {kNone, kPast1024}, {kNone, kPast1024}, {kNone, 1024}},  // potrs
     {{kNone, 768}, {kNone, kPast1024}, {kNone, 1024}, {kNone, 256}},
     {{512, 768}, {kNone, kPast1024}, {512, kPast1024}, {kNone, 768}},
     {{kPast1024, 512}, {kPast1024, 1024}, {kPast1024, 768}, {kPast1024, 512}}},
    {{{kNone, 768}, {kNone, 768}, {kNone, 768}, {kNone, 768}},  // trsm
     {{512, 768}, {kNone, 1024}, {kNone, 512}, {kNone, 512}},
     {{512, 192}, {kNone, 1024}, {512, 768}, {kNone, 512}},
     {{kPast1024, 512}, {kPast1024, 768}, {kPast1024, 512}, {kPast1024, 384}}},
};

/// kSolveCrossovers512 for Intel's AVX-512 (Avx512Host::intel; every vendor but AMD): its
/// interleaved entries, and column-major entries measured on the 2-core Intel Xeon VM (family 6
/// model 207, 2 MiB L2 a core, OpenBLAS's SkylakeX kernels; 2026-11-30), g++ build, by
///   scripts/crossovers.py --runs 2 --routine getrs,potrs,trsm -p s,d,c,z
///                         -n 96,128,192,256,384,512 -l strided --nrhs R
///                         --megabytes 32 -r 3                        (R = 1, 4, 16)
///   (R = 0, nrhs = n: -n 192,256,384,512,768)
/// by kSolveCrossovers512HalfWidth's rule (the first order not measured 768, with nrhs = n 1024; an
/// entry moved only where it ran a measured order on the path 10% or more slower there). Where the
/// Zen 5 VM's lanes stayed ahead this VM's vendor path was: getrs s with one right-hand side 1.24
/// / 1.59 / 1.40 at 192 / 256 / 384 (lanes / vendor time; 0.69 at 256 on the Zen 5 VM) and double
/// complex potrs and trsm from 96..192 (potrs z with one 1.24 / 1.32 / 1.21 at 192 / 256 / 384,
/// where the Zen 5 VM ran 512; trsm z with one and 4 1.16 / 1.10 at 96); and the other way round:
/// the lanes ran single and double getrs and potrs with 4 and 16 right-hand sides 0.54-0.80 of the
/// vendor path's time at 512, single potrs and trsm with one 0.57-0.80 at 384 / 512, and real ones
/// with nrhs = n 0.43-0.75 at 384 / 512. Single at 256 stands apart (trsm with 1, 4 and 16
/// right-hand sides 1.24 / 1.23 / 1.14 at 256 against 0.57 / 0.73 / 0.78 at 384; with one, a later
/// look at 224..288 found the two paths about even, within the runs' spread): the rule takes the
/// larger orders. Old (kSolveCrossovers512) -> new entry, lanes / vendor time:
///   nrhs = 1:  getrs s 384 -> 192; potrs s 512 -> 768 (0.70 at 512), c 512 -> 768 (0.72), z 512
///              -> 192; trsm s 256 -> 768 (0.57 / 0.80 at 384 / 512), d 384 -> 512 (0.74 /
///              1.37 at 384 / 512), z 128 -> 96 (1.16 at 96)
///   nrhs = 4:  getrs s, d, c 512 -> 768 (0.54 / 0.77 / 0.78 at 512); potrs s, d 512 -> 768
///              (0.65 / 0.80), c 384 -> 768 (0.75 / 0.84 at 384 / 512), z 256 -> 192 (1.33 at
///              192); trsm s 512 -> 768 (0.68), z 128 -> 96 (1.10)
///   nrhs = 16: getrs s, d 512 -> 768 (0.62 / 0.76), z 128 -> 192 (0.82 at 128); potrs s 512 ->
///              768 (0.70); trsm s 128 -> 768 (0.62 / 0.88 / 1.14 / 0.78 / 0.94 at 128..512)
///   nrhs = n:  getrs s 512 -> 1024 (0.73 / 0.90 at 512 / 768), c 768 -> 384 (1.17 / 1.24 at 384 /
///              512); potrs s 512 -> 1024 (0.75 / 0.95), c 768 -> 384 (1.04 / 1.18); trsm s 384 ->
///              1024 (0.69 / 0.73 / 0.96 at 384..768), d 512 -> 1024 (0.65 / 0.78 at 512 / 768), c
///              512 -> 384 (1.14 at 384), z 256 -> 192 (1.11 at 192)
/// Kept within 10%: getrs z with one (1.09 at 256), c with 16 (0.97 at 512); potrs d with one
/// (0.99 at 512) and with 16 (0.91 at 512).
/// The interleaved entries with nrhs = n on the same VM (g++ build, 2026-11-30), by
///   scripts/crossovers.py --runs 2 --routine getrs,potrs,trsm -p s,d -n 512,768,1024
///                         -l interleaved --nrhs 0 --megabytes 32 -r 3
/// lanes / vendor time at 512 / 768 / 1024: getrs s 0.63 / 0.78 / 0.85, d 0.71 / 0.81 / 1.02;
/// potrs s 0.62 / 0.72 / 0.83, d 0.70 / 0.78 / 0.98; trsm s 0.57 / 0.64 / 0.71, d 0.62 / 0.72 /
/// 0.91: the lanes ahead to 1024, as kSolveCrossovers512's kPast1024 has them (getrs d within 10%
/// at 1024).
inline constexpr Crossover kSolveCrossovers512Intel[3][4][4] = {
    {{{kNone, 192}, {kNone, 192}, {kNone, kNone}, {kNone, 384}},  // getrs, nrhs = 1
     {{512, 768}, {kNone, 768}, {kNone, 768}, {kNone, 192}},      //        4
     {{512, 768}, {kNone, 768}, {kNone, 512}, {kNone, 192}},      //        16
     {{kPast1024, 1024}, {kPast1024, 1024}, {kPast1024, 384}, {kPast1024, 256}}},  //        n
    {{{kNone, 768}, {kNone, 512}, {kNone, 768}, {kNone, 192}},                     // potrs
     {{kNone, 768}, {kNone, 768}, {kNone, 768}, {kNone, 192}},
     {{512, 768}, {kNone, 512}, {512, 512}, {kNone, 192}},
     {{kPast1024, 1024}, {kPast1024, 1024}, {kPast1024, 384}, {kPast1024, 256}}},
    {{{kNone, 768}, {kNone, 512}, {kNone, 512}, {kNone, 96}},  // trsm
     {{512, 768}, {kNone, 512}, {kNone, 512}, {kNone, 96}},
     {{512, 768}, {kNone, 512}, {512, 384}, {kNone, 96}},
     {{kPast1024, 1024}, {kPast1024, 1024}, {kPast1024, 384}, {kPast1024, 192}}},
};

/// kSolveCrossovers512 for AVX-512 on 256-bit units (Avx512Host::amd_half_width), every entry
/// measured on the 2-core Zen 4 VM. Double, nrhs = n (2026-11-29), by
///   scripts/crossovers.py --runs 2 --preset P --routine getrs,potrs,trsm -p d
///                         -n 256,384,512,768(,1024) -l interleaved,strided --nrhs 0
///                         --megabytes 32 -r 3                 (P = host-gcc; offload-x86 to 1024)
/// lanes / vendor time at 256 / 384 / 512 / 768, g++ (clang at 384 / 512 / 768 / 1024):
/// interleaved getrs 0.53 / 0.69 / 0.80 / 1.15 (0.61 / 0.91 / 1.03 / 1.15), potrs 0.58 / 0.81 /
/// 0.89 / 1.12 (0.69 / 0.88 / 1.07 / 1.22), trsm 0.51 / 0.64 / 0.89 / 1.04 (0.55 / 0.72 / 0.83 /
/// 1.16); column-major getrs 0.54 / 0.64 / 0.87 / 0.96 (0.57 / 0.78 / 0.88 / 1.12), potrs 0.42 /
/// 0.59 / 0.79 / 0.90 (0.72 / 0.86 / 0.93 / 1.19), trsm 0.53 / 0.74 / 0.87 / 1.12 (0.77 / 0.93 /
/// 1.11 / 1.20): interleaved getrs and potrs 768, trsm 1024 (768: g++'s 1.04 within 10%,
/// clang's lanes 1.2x ahead); column-major trsm 768, getrs and potrs 1024. The rest (2026-11-30),
/// the same script's lanes and vendor runs in turn (2 of each; nrhs = n one), g++ build, 32 MiB:
///   --routine getrs,potrs,trsm -p s,d,c,z -n 96,128,192,256,384,512 -l strided --nrhs R
///   --routine getrs,potrs,trsm -p s,d,c,z -n 256,384,512 -l interleaved --nrhs R  (R = 1, 4, 16)
///   --routine getrs,potrs,trsm -p s,c,z -n 192,256,384,512,768 -l interleaved,strided --nrhs 0
/// Interleaved with 1, 4 or 16 right-hand sides the lanes ran 0.13-0.72 of the vendor path's
/// time at every order to 512: kNone (single with 4 and 16, single complex potrs and trsm with 16
/// were 512).
/// Column-major, the rule as kSolveCrossovers512's, with the first order not measured 768; an
/// entry moved only where it ran a measured order on the path 10% or more slower there (kept:
/// getrs s, d, c and potrs d with 16, 0.93-0.97 at 512; potrs z with 4, 1.07 at 192; single
/// with 4, where the lanes ran 0.63-0.95 of the vendor path's time at 384 and 512 in these runs
/// and 1.02-1.61 in 3 more, a few minutes later). Lanes / vendor time at the orders named, old
/// -> new entry:
///   nrhs = 1:  getrs d 0.73 / 0.72 / 1.59 at 192 / 256 / 384 (192 -> 384); potrs s 1.28 / 1.13
///              at 384 / 512, d 1.15 / 0.99 (512 -> 384 both), z 1.03 / 0.98 / 1.46 at 192 / 256 /
///              384 (512 -> 192); trsm c 0.67 / 1.53 at 256 / 384 (512 -> 384), z 1.10 / 1.10 at
///              96 / 128 (128 -> 96)
///   nrhs = 4:  getrs d 0.86 / 0.77 at 384 / 512, c 0.97 / 0.88 (512 -> 768), z 0.87 / 0.88 /
///              1.09 at 192 / 256 / 384 (192 -> 384); potrs d 0.73 / 0.72 at 384 / 512 (512 ->
///              768); trsm c 1.48 at 384 (512 -> 384)
///   nrhs = 16: getrs z 0.74 / 0.85 / 0.88 / 1.18 at 128 / 192 / 256 / 384 (128 -> 384); potrs z
///              0.90 / 0.97 / 1.15 at 192 / 256 / 384 (192 -> 384); trsm s 0.51 / 0.82 / 0.89 /
///              1.41 at 128 / 192 / 256 / 384 (128 -> 384), d 1.16 at 384 (512 -> 384), z 0.88 /
///              0.98 / 1.12 at 128 / 192 / 256 (96 -> 256)
///   nrhs = n:  potrs z 0.84 / 0.95 / 1.03 at 256 / 384 / 512 (256 -> 384); trsm s 0.81 / 0.93 /
///              1.26 at 384 / 512 / 768 (384 -> 512)
/// The library before / after where the path changed (the tester through LD_LIBRARY_PATH, 2
/// alternating rounds, g++ / clang builds): interleaved single and single complex at 512 with 16
/// 2.02-4.63x / 1.49-3.94x; column-major dgetrs with one at 192 1.82x / 1.27x, zpotrs with one at
/// 384 1.64x / 2.00x, ctrsm with one at 384 1.76x / 2.28x, strsm with 16 at 128 1.44x / 2.09x;
/// every run in bench/results/vm-epyc-zen4-2c-20261130-solve-crossovers.txt.
/// Columns: S, D, C, Z.
inline constexpr Crossover kSolveCrossovers512HalfWidth[3][4][4] = {
    {{{kNone, 384}, {kNone, 384}, {kNone, kNone}, {kNone, 384}},            // getrs, nrhs = 1
     {{kNone, 512}, {kNone, 768}, {kNone, 768}, {kNone, 384}},              //        4
     {{kNone, 512}, {kNone, 512}, {kNone, 512}, {kNone, 384}},              //        16
     {{kPast1024, 512}, {768, 1024}, {kPast1024, 768}, {kPast1024, 256}}},  //        n
    {{{kNone, 384}, {kNone, 384}, {kNone, 512}, {kNone, 192}},              // potrs
     {{kNone, 512}, {kNone, 768}, {kNone, 384}, {kNone, 256}},
     {{kNone, 512}, {kNone, 512}, {kNone, 512}, {kNone, 384}},
     {{kPast1024, 512}, {768, 1024}, {kPast1024, 768}, {kPast1024, 384}}},
    {{{kNone, 256}, {kNone, 384}, {kNone, 384}, {kNone, 96}},  // trsm
     {{kNone, 512}, {kNone, 512}, {kNone, 384}, {kNone, 128}},
     {{kNone, 384}, {kNone, 384}, {kNone, 384}, {kNone, 256}},
     {{kPast1024, 512}, {1024, 768}, {kPast1024, 512}, {kPast1024, 256}}},
};

/// geqrf, gels (min(m,n)): [routine][precision], measured on the 2-core Zen 5 VM (AVX-512) with
/// square matrices, gels with trans N and nrhs = 1, 2 threads, 32 MiB batches, by
///   OMPBATCH_HOST_PATH=lanes|vendor ompbatch-tester --routine geqrf,gels -p d,s,c,z
///     -n 64,96,128,160,192,256,384,512 -l interleaved,strided --megabytes 32 -r 3
/// as the table above. The lane kernels (16-column panels, the preferred width's lanes for
/// interleaved and complex batches) ran 1.1-6.8x the vendor path to n = 512 but for complex
/// strided geqrf from 384 (0.94-0.98x): LAPACK's xGEQRF is unblocked on OpenBLAS's level-2 calls
/// to n = 128, and the vendor path unpacks and packs interleaved batches.
inline constexpr Crossover kQrCrossovers[2][4] = {
    {{kNone, kNone}, {kNone, kNone}, {kNone, 384}, {kNone, 384}},      // geqrf
    {{kNone, kNone}, {kNone, kNone}, {kNone, kNone}, {kNone, kNone}},  // gels
};

/// gels with as many right-hand sides as the order (nrhs = n, the measured column nearest by
/// ratio when nrhs^2 > n), measured on the Zen 5 VM by
///   OMPBATCH_HOST_PATH=lanes|vendor ompbatch-tester --routine gels --nrhs 0 -p s,d,c,z
///     -n 32,64,96,128,192,256,384 -l interleaved,strided --megabytes 32 -r 3
/// The lane kernels apply Q^H to C one reflector at a time, where LAPACK's xORMQR applies blocks
/// of them (level 3): lanes / vendor time 0.10-0.52 at n = 128, 0.55-0.82 at 256, and at 384
/// 1.04-1.09 strided, 1.18 double interleaved, 0.95-0.99 the other interleaved (taken from 512,
/// where the bench ran double interleaved lanes at 0.33x the LAPACKE loop). Columns: S, D, C, Z.
inline constexpr Crossover kGelsManyRhsCrossovers[4] = {
    {512, 384}, {384, 384}, {512, 384}, {512, 384}};

/// The lane kernels' lead over a LAPACKE call per matrix at order n that use_vendor's few-matrix
/// rule estimates, for one full chunk on a thread: 0.75 * min(crossover, kLeadOrder) / n, at least
/// kLeadMin (interleaved; column-major kLeadMinColumns; QR 1, its lead below the crossover), where
/// kLeadOrder is lead_order's: kLeadOrdersInterleaved's entry for the precision
/// (kLeadOrderInterleaved but for single complex) or kLeadOrderColumns by the batch's layout.
/// kLeadOrder caps the crossovers the lanes reach with a small lead (to kPast1024 at 0.6-0.9x the
/// vendor path's time) and stands for QR's kNone; the solves' interleaved kNone keeps the lanes at
/// any count (an interleaved factor streamed in place, where the vendor path unpacks it first:
/// interleaved getrs, potrs and trsm with one right-hand side, S and D, n = 128..512, paths
/// forced, 2 runs of -r 9, speed-up over the loop, lanes / vendor: with 4 and 8 matrices
/// 0.10-2.12 / 0.09-0.61, the lanes ahead in 33 of 36 cells; with one 0.06-0.65 / 0.12-0.64,
/// ahead in 5 of 18). A column-major kNone (cgetrs with one right-hand side on AVX-512, whose
/// one-thread OpenBLAS call runs far behind the lanes) takes the rule at kLeadOrderColumns with
/// kLeadMin: by the tester (--routine getrs -p c --nrhs 1 -l strided,pointer, paths forced,
/// -r 5), lanes / vendor speed-up over the loop with 1, 2, 4, 8, 16 matrices at n = 128: 0.35-0.53
/// / 1.47-1.69, 0.65-0.86 / 0.76-0.95, 0.99-1.19 / 0.90-0.99, 2.33-2.70 / 0.95, 1.90-2.01 /
/// 0.88-1.04; at 256: 0.19 / 1.12-1.33, 0.24-0.25 / 0.86-1.07, 0.56-0.76 / 0.91-0.97, 1.36-2.14 /
/// 0.81-0.97, 1.99-2.38 / 0.96; at 512: 0.13-0.14 / 2.54-3.05, 0.14-0.15 / 0.88-0.95, 0.27-0.29
/// / 0.83-0.97, 0.85-0.92 / 0.98-1.02, 1.09-1.21 / 0.98 (the lanes had run every count). Zen 5 VM,
/// one chunk of double matrices on one thread against the loop's calls on two (the tester, 2
/// threads,
/// --batch 16 interleaved, --batch 8 strided; 2026-12-04), lead at n = 64 / 128 / 256 / 512,
/// interleaved: getrf 5.2 / 2.1 / 2.1 / 1.3, potrf 9.4 / 2.8 / 2.3 / 2.5, getri 2.1 / 2.4 / 2.5 /
/// 2.0, getrs 2.0 / 2.3 / 2.7 / 2.1, matinv 2.6 / 2.8 / 2.7 / 2.3; strided (the solver width's
/// chunks, which pack): potrf 6.9 / 2.6 / 1.6 / 1.4, getri 4.0 / 2.5 / 2.1 / 1.7, getrs 2.9 / 2.1 /
/// 1.8 / 1.5, matinv 3.4 / 2.4 / 2.0 / 1.6. QR's falls lower: 2.6x at n = 128 and 1.1x at 512
/// (double; one double matrix, strided: lanes 3.90 ms at n = 256, 38.7 at 512; vendor 0.84 and
/// 4.25; interleaved: 9.56 and 85.1 against 0.91 and 5.90).
/// Below kFewOrderMin the lanes run few matrices too: at n = 64 (the same runs, --batch 1..4) the
/// lanes ran single precision and potrf at 0.8-2.7x the loop where the vendor path ran 0.24-1.0x,
/// double getri, getrs and matinv with 1 or 2 matrices at 0.39-0.61x where it ran 0.75-0.82x.
/// Once the rule counted the chunks of the lanes the kernels run (host::lanes_for: complex at
/// twice the solver width on AVX-512), kLeadOrder 512 (a lead of 3 at n = 128 in either layout)
/// took the vendor path for interleaved complex batches at 128 where the lanes ran ahead, and
/// kept the lanes for 6 column-major matrices at 128 where the vendor path ran ahead. The tester
/// with the paths forced at n = 128 (--routine getrf,potrf,getri,matinv,getrs --nrhs 0 -p d,c,z
/// -l interleaved,strided --batch 2..16 -r 3, Zen 5 VM, 2026-12-04) puts the lanes' lead at
/// 4.2-7 interleaved, whose vendor path also unpacks and packs the blocks, and 1.7-2.4
/// column-major; the library before / after at 256 (c and z, 3..12 matrices) at 2.2-3.4 and 1.9:
/// kLeadOrderInterleaved 768 (4.5 at 128, 2.25 at 256), kLeadOrderColumns 384 (2.25 at 128, the
/// least from 256).
inline constexpr int kLeadOrderInterleaved = 768, kLeadOrderColumns = 384, kFewOrderMin = 128;
inline constexpr double kLeadMin = 2, kLeadMinColumns = 1.5;

/// The interleaved lead orders by precision (S, D, C, Z): kLeadOrderInterleaved but for single
/// complex, whose lanes lead further in interleaved blocks (a lead of 6.75 at n = 128, 3.4 at
/// 256). The library with 768 / 1152 in one process (Zen 5 VM, 2
/// threads, ompbatch-compare -p c -n 128,256 -l interleaved,strided --batch B -r 5 for B = 5, 6,
/// 8, 10, 12, 14, every routine but gels, the solves with nrhs = n, 2 runs a build; bench/results/
/// vm-epyc-zen5-2c-20261205-single-complex-lead.txt), the 40 cells whose path changed (5
/// and 6 matrices of 128, 10..14 of 256, from the vendor path to the lanes): g++ build medians
/// 1.08x / 1.06x (0.82-1.40x; getrf and matinv on 5 of 128 0.82-0.87x in both runs), clang++-19
/// build 1.14x / 1.08x (0.88-1.45x). The other precisions keep 768: single with 1.5 times both
/// layouts' orders ran the 64 cells it changed at a median 0.86x (0.49-1.61x; the solves with
/// nrhs = n 0.49-0.75x), g++ build.
inline constexpr int kLeadOrdersInterleaved[4] = {kLeadOrderInterleaved, kLeadOrderInterleaved,
                                                  1152, kLeadOrderInterleaved};

/// The order of use_vendor's estimated lead for precision T and the batch's layout.
template <class T>
constexpr int lead_order(bool interleaved) {
  return interleaved ? kLeadOrdersInterleaved[precision_index<T>()] : kLeadOrderColumns;
}

/// The rounds `threads` threads take over `count` equal pieces of work: ceil(count / threads).
constexpr idx rounds_of(idx count, idx threads) noexcept {
  return (count + threads - 1) / threads;
}

/// Threads inside the matrix (shared/DESIGN.md): from order kThreadedOrders[0] a batch too small
/// to keep every thread busy to the end runs one matrix after another with OpenBLAS on all
/// threads where its count matrices at OpenBLAS's speed-up S on all threads take less time than
/// ceil(count / threads) rounds of one-thread calls: count < S * rounds (on 2 threads one matrix
/// from S = 1, three from S = 1.5). S on 2 threads over one, one double matrix per call, by
/// routine at kThreadedOrders (the measured order at or below n) and, for the solves, by the
/// right-hand sides kThreadedRhs (the nearest by ratio, at any order); on T threads S * T / 2.
inline constexpr int kThreadedOrders[5] = {512, 768, 1024, 1536, 2048};
inline constexpr int kThreadedRhs[5] = {1, 4, 16, 64, 256};

struct ThreadedSpeedups {
  std::array<std::array<float, 5>, 5> factor;  // getrf, getri, matinv, potrf, QR: [routine][order]
  std::array<float, 5> solve;                  // getrs, potrs, trsm: [right-hand sides]
  std::array<std::array<float, 5>, 3> complex_solve;  // complex getrs, potrs, trsm: [r][rhs]
};

/// Measured on the 2-core Zen 5 VM (AVX-512; OpenBLAS 0.3.21, 2026-12-04) by
///   ompbatch-threads --routine all -n 512,768,1024,1536,2048 --count 1,3
/// (and --nrhs 1,4,16,64,256 -n 512,1024,2048 for the solves; the medians of getrs, potrs and
/// trsm over the orders): QR, whose panels are LAPACK's level-2 calls, and the solves with up to
/// 4 right-hand sides gain least from a second thread (dgeqrf 0.64x at 512 and 0.88x at 1024,
/// which the rule of 0.65 / 0.8 x threads it replaced threaded with one matrix from 512 and
/// three from 1024); dpotrf 0.88x at 512, 1.25x at 1024. The complex solves by
///   ompbatch-threads --routine getrs,potrs,trsm -p z,c -n 512,1024,2048 --nrhs 1,4,16,64,256
/// (two runs, --count 1 and --count 1,3 (S = 1.5 x loop / threaded of three); the medians over
/// c, z, the orders and the runs): with 4 right-hand sides 1.10-1.20 where the real ones ran
/// 0.97, and getrs with one 2.40 (z 1.9-3.8, c 2.5-4.9: OpenBLAS's one-thread ?getrs for one
/// right-hand side runs far behind its threaded one). threads_inside counts it as 2: with 2, 4 and
/// 8 matrices the loop ran zgetrs of 1024 and 2048 1.01-1.23x faster than threaded (of 512,
/// threaded ran 1.37-1.92x faster with 2 and 4, the loop 1.06x with 8), with 3 threaded ran
/// 1.13-1.89x faster.
inline constexpr ThreadedSpeedups kThreadedSpeedups512 = {
    {{{0.94f, 1.27f, 1.50f, 1.71f, 1.84f},     // getrf
      {1.30f, 1.47f, 1.50f, 1.64f, 1.59f},     // getri
      {1.12f, 1.41f, 1.56f, 1.67f, 1.75f},     // matinv
      {0.88f, 1.09f, 1.25f, 1.40f, 1.46f},     // potrf
      {0.64f, 0.83f, 0.88f, 1.03f, 1.13f}}},   // geqrf, gels
    {1.12f, 0.97f, 1.28f, 1.60f, 1.75f},       // solves, nrhs = 1, 4, 16, 64, 256
    {{{2.40f, 1.10f, 1.30f, 1.60f, 1.83f},     // complex getrs
      {1.06f, 1.12f, 1.32f, 1.62f, 1.83f},     // complex potrs
      {1.11f, 1.20f, 1.46f, 1.66f, 1.86f}}}};  // complex trsm

/// AVX2 builds (measured on the 2-core Zen 3 VM): getrf and potrf by bench/ompbatch_bench's
/// `batch:` rows (1.2x and 1.4x at 512, 1.65x and 1.6x at 1024), the rest as on Zen 5 (not
/// measured there). AVX-512 builds take kThreadedSpeedups512 on every host: on the 2-core Xeon VM
/// (bench/results/vm-xeon-avx512-2c-20261130-interleaved-large.txt) threaded OpenBLAS ran dgetrf
/// at 512 no faster than one thread and 1.2-1.3x at 1024, dpotrf at 512 1.1-1.3x slower, which
/// Zen 5's speed-ups decide alike and Zen 3's did not (Zen 4 not measured).
inline constexpr ThreadedSpeedups kThreadedSpeedups = {{{{1.2f, 1.2f, 1.65f, 1.65f, 1.65f},
                                                         kThreadedSpeedups512.factor[1],
                                                         kThreadedSpeedups512.factor[2],
                                                         {1.4f, 1.4f, 1.6f, 1.6f, 1.6f},
                                                         kThreadedSpeedups512.factor[4]}},
                                                       kThreadedSpeedups512.solve,
                                                       kThreadedSpeedups512.complex_solve};

/// Whether `count` matrices of routine r (a solve: with nrhs right-hand sides; of complex
/// matrices where `complex`) of order n run one after another on OpenBLAS's `threads` threads,
/// by the speed-ups of table t.
constexpr bool threads_inside(const ThreadedSpeedups &t, Routine r, idx count, int n, int nrhs,
                              int threads, bool complex = false) {
  if (threads < 2 || n < kThreadedOrders[0]) return false;
  double s = 0;
  if (is_solve(r)) {
    int k = 0;  // nearest by ratio: the geometric means of neighbours as bounds
    while (k < 4 && double(nrhs) * nrhs > double(kThreadedRhs[k]) * kThreadedRhs[k + 1]) ++k;
    s = complex ? t.complex_solve[describe(r).speedup_row][k] : t.solve[k];
  } else {
    int k = 0;
    while (k < 4 && n >= kThreadedOrders[k + 1]) ++k;
    s = t.factor[describe(r).speedup_row][k];
  }
  // over 2 (one thread alone short of the bandwidth two have) S does not carry over to a batch
  // whose one-thread calls run on every thread: at most 2, threaded for odd counts alone
  s = std::min(s, 2.0);
  return double(count) < s * threads / 2 * double(rounds_of(count, threads));
}

/// The real order whose factorization does the flops of a complex one of order n (4x: n *
/// cbrt(4)). A complex factorization takes the speed-up of that order: on the Zen 5 VM (zgetrf,
/// zpotrf, zgetri, zgeqrf; strided, 1 and 3 matrices of 512 and 1024; ompbatch-compare of the
/// library on the real orders against the rule before) it picks the faster strategy in 7 of the 8
/// cells where the two differed (zpotrf of one matrix of 512 runs threaded 5% slower), the real
/// orders in 4 (losing 5-22%: zgeqrf of one matrix of 1024 ran threaded 1.22x faster). The solves
/// keep their right-hand sides, on their own speed-ups (complex_solve): complex with 16 and 3
/// matrices of 1024 ran one matrix a thread 1.33-1.39x faster than threaded, which 64 would have
/// chosen.
constexpr int real_order_of_complex(int n) {
  return int(n * 1.5874);
}

/// threads_inside for precision T on host_table()'s speed-ups: kThreadedSpeedups512 for the
/// AVX-512 classes, else kThreadedSpeedups; a complex factorization at real_order_of_complex(n),
/// from order kThreadedOrders[0] on, a complex solve by complex_solve.
template <class T>
bool threads_inside(Routine r, idx count, int n, int nrhs = 1) {
  const ThreadedSpeedups &t =
      host_table() == HostTable::avx2 ? kThreadedSpeedups : kThreadedSpeedups512;
  if (n < kThreadedOrders[0]) return false;
  if (is_complex_v<T> && !is_solve(r)) n = real_order_of_complex(n);
  return threads_inside(t, r, count, n, nrhs, omp_get_max_threads(), is_complex_v<T>);
}

/// The solves' crossovers of host_table(): kSolveCrossovers (AVX2), kSolveCrossovers512Intel,
/// kSolveCrossovers512 (AMD's full-width units) or kSolveCrossovers512HalfWidth.
inline const Crossover (&solve_crossovers())[3][4][4] {
  return host_table(kSolveCrossovers, kSolveCrossovers512Intel, kSolveCrossovers512,
                    kSolveCrossovers512HalfWidth);
}

/// The column of kSolveCrossovers for nrhs right-hand sides of order n: the measured nrhs
/// (1, 4, 16 below n, or n) nearest to it by ratio.
inline int rhs_column(int n, int nrhs) {
  int best = kRhsAll;
  double gap = std::abs(std::log(double(nrhs) / n));
  for (int k = 0; k < 3; ++k)
    if (kRhsMeasured[k] < n) {
      const double g = std::abs(std::log(double(nrhs) / kRhsMeasured[k]));
      if (g < gap) best = k, gap = g;
    }
  return best;
}

// Each family's tables have a row for each of its routines (describe(), simd/paths.hpp).
static_assert(std::extent_v<decltype(kCrossovers)> == family_rows(Family::factor) &&
              std::extent_v<decltype(kCrossovers512)> == family_rows(Family::factor) &&
              std::extent_v<decltype(kCrossovers512Intel)> == family_rows(Family::factor) &&
              std::extent_v<decltype(kCrossovers512HalfWidth)> == family_rows(Family::factor));
static_assert(std::extent_v<decltype(kSolveCrossovers)> == family_rows(Family::solve) &&
              std::extent_v<decltype(kSolveCrossovers512)> == family_rows(Family::solve) &&
              std::extent_v<decltype(kSolveCrossovers512Intel)> == family_rows(Family::solve) &&
              std::extent_v<decltype(kSolveCrossovers512HalfWidth)> == family_rows(Family::solve));
static_assert(std::extent_v<decltype(kQrCrossovers)> == family_rows(Family::qr));
static_assert([] {  // and a row of the threaded speed-ups
  for (Routine r : kRoutines) {
    const bool solve = describe(r).family == Family::solve;
    const int rows = solve ? int(std::tuple_size_v<decltype(ThreadedSpeedups::complex_solve)>)
                           : int(std::tuple_size_v<decltype(ThreadedSpeedups::factor)>);
    if (describe(r).speedup_row < 0 || describe(r).speedup_row >= rows) return false;
  }
  return true;
}());

/// The crossover of routine r (a solve or gels: with nrhs right-hand sides) of order n for the
/// layout.
template <class T>
int vendor_crossover(Routine r, Layout layout, int n, int nrhs = 1) {
  const int p = precision_index<T>();
  const RoutineInfo d = describe(r);
  const Crossover c = d.family == Family::factor ? factor_crossovers()[d.row][p]
                      : d.family == Family::solve
                          ? solve_crossovers()[d.row][rhs_column(n, nrhs)][p]
                      : r == Routine::gels && double(nrhs) * nrhs > n ? kGelsManyRhsCrossovers[p]
                                                                      : kQrCrossovers[d.row][p];
  return layout == Layout::interleaved ? c.interleaved : c.columns;
}

/// Whether the host runs routine r of order n on the vendor path: as the context asks
/// (OMPBATCH_HOST_PATH), else from the crossover on, and below it for a batch too small to fill the
/// lane kernels' chunks of W matrices on every thread (W: the lanes the routine's kernels run for
/// the batch, host::lanes_for), where LAPACKE per matrix keeps every thread busy: a chunk costs its
/// W lanes however few matrices it holds, at the lead over a LAPACKE call that lead_order and
/// kLeadMin estimate, and the vendor path is taken where that makes the lanes' rounds the longer,
/// from order kFewOrderMin and where a crossover was measured (e.g. on 2 threads, double of n >=
/// 256 in chunks of 16 lanes, interleaved: batches of fewer than 15 matrices; of n = 128, fewer
/// than 7).
template <class T, class U>
bool use_vendor(const Context &ctx, Routine r, const BatchView<U> &lead, int n, int nrhs = 1) {
  if (ctx.host_path() != HostPath::automatic) return ctx.host_path() == HostPath::vendor;
  const int crossover = vendor_crossover<T>(r, lead.layout, n, nrhs);
  if (n >= crossover) return true;
  const bool il = lead.layout == Layout::interleaved;
  const bool qr = describe(r).family == Family::qr;
  if (n < kFewOrderMin || (crossover == kNone && il && !qr)) return false;
  const idx threads = std::max(1, omp_get_max_threads());
  const int W = host::lanes_for(r, lead);
  const idx rounds_lanes = rounds_of(host::chunk_count(lead, W), threads);
  const idx rounds_vendor = rounds_of(lead.count, threads);
  const double least = qr ? 1 : il || crossover == kNone ? kLeadMin : kLeadMinColumns;
  const double lanes_lead = std::max(least, 0.75 * std::min(crossover, lead_order<T>(il)) / n);
  return double(rounds_lanes) * W > lanes_lead * double(rounds_vendor);
}

}  // namespace ompbatch::detail

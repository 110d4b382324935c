#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Measures the host crossovers of simd/dispatch.hpp: runs the tester once with every call on the
SIMD lane kernels (OMPBATCH_HOST_PATH=lanes) and once on the vendor path (=vendor), alternating
runs, and prints per routine, precision and layout the time ratio lanes/vendor at each n (median
over runs; below 1: the lanes are faster). Each run's ratio is that of the two paths' speed-ups
over the tester's LAPACKE loop (its rounds time ours and the loop in turn), so the loop is the
yardstick that carries a path across the machine's changes of speed between runs.

The tables' rule, applied to every row:
- rule: the smallest measured n from which the vendor path ran at least as fast (ratio >= 1) at
  every larger measured n, one order at 0.90..1 not taken as a change of side; ">N" when no
  measured order qualifies (the lanes ahead to the largest, N), which agrees with an old entry
  past N (the table's none, kNone, or an order not measured). A new >N is for a person to set:
  none, or the first order not measured.
- old: the table's entry (--table, from --dispatch) for the row's routine, precision, layout and,
  for the solves, the tester's --nrhs (1, 4, 16 or 0 for n; other counts have no column).
- new: the rule's entry, marked *, where the old one ran some measured order on the path 10% or
  more slower than the other (below old a ratio of 1.10 or more, from old on one of 1/1.10 or
  less); elsewhere the old entry, kept: the measurement gives no reason to move it. Without a
  table (or a column for the row), the rule's.

  scripts/crossovers.py [--preset host-gcc] [--runs 2] [--table NAMES] [tester options ...]
  scripts/crossovers.py --replay FILE [--dispatch FILE] [--table NAMES]
  e.g. scripts/crossovers.py --routine potrf -p d,s -n 32,48,64,96,128 -l interleaved,strided
       scripts/crossovers.py --replay bench/results/vm-epyc-zen3-2c-20261202-crossovers.txt \\
           --dispatch <(git show 3de0479~1:src/dispatch.hpp)

--replay reads the rows of an earlier output (or of a results file in its format: routine, nrhs,
precision, layout, then n:ratio cells; other lines are skipped) instead of running the tester, and
applies the rule to their two-decimal ratios.
"""
import argparse
import math
import os
import re
import statistics
import subprocess
import sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FACTORIZATIONS = ["getrf", "getri", "matinv", "potrf"]  # the tables' rows: simd/paths.hpp describe()
SOLVES = ["getrs", "potrs", "trsm"]
PRECISIONS = "sdcz"  # the tables' columns
RHS_COLUMNS = {"1": 0, "4": 1, "16": 2, "n": 3}  # kRhsMeasured, kRhsAll
LAYOUTS = ("interleaved", "strided", "pointer")
NOISY = 0.90  # one order at a ratio in [NOISY, 1) is not a change of side
SLOWER = 1.10  # an entry moves only where it ran a measured order this much slower
NONE = None  # kNone: no crossover, the lanes at every order


def run(preset, path, tester_args):
    env = dict(os.environ, OMPBATCH_BACKEND="host", OMPBATCH_HOST_PATH=path)
    out = subprocess.run(["bash", os.path.join(ROOT, "scripts/run.sh"), "--preset", preset]
                         + tester_args, env=env, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(f"crossovers.py: the tester failed ({out.returncode}):\n{out.stderr}")
    rows = {}
    for line in out.stdout.splitlines():
        f = line.split()
        if len(f) < 12 or line.startswith("#") or f[0] == "routine":
            continue
        rows[(f[0], f[1], f[2], int(f[3]))] = float(f[9])  # speedup
    return rows


def measure(args, tester_args):
    """(routine, nrhs, prec, layout) -> {n: median ratio} from alternating runs of the tester."""
    if args.nrhs is not None:
        tester_args = tester_args + ["--nrhs", args.nrhs]
    nrhs = {None: "1", "0": "n"}.get(args.nrhs, args.nrhs)
    per_run = defaultdict(list)  # case -> [lanes time / vendor time, one a run]
    for _ in range(args.runs):
        speedup = {path: run(args.preset, path, tester_args) for path in ("lanes", "vendor")}
        for case, lanes in speedup["lanes"].items():
            if case in speedup["vendor"]:
                per_run[case].append(speedup["vendor"][case] / lanes)
    groups = defaultdict(dict)
    for (routine, prec, layout, n), r in per_run.items():
        rhs = nrhs if routine in SOLVES else "-"
        groups[(routine, rhs, prec, layout)][n] = statistics.median(r)
    return groups


def replay(path):
    """The rows of an earlier output or results file: key -> {n: ratio}."""
    groups = {}
    for line in open(path):
        f = line.split()
        if not f or line.startswith("#") or f[0] not in FACTORIZATIONS + SOLVES:
            continue
        cells = [c.split(":") for c in f if re.fullmatch(r"\d+:\d+(\.\d+)?", c)]
        layout = next((x for x in f if x in LAYOUTS), None)
        prec = next((x for x in f[1:4] if x in set(PRECISIONS)), None)
        if len(cells) < 2 or layout is None or prec is None:
            continue
        nrhs = f[1] if f[0] in SOLVES and f[1] in RHS_COLUMNS else "-"
        groups[(f[0], nrhs, prec, layout)] = {int(n): float(r) for n, r in cells}
    return groups


def read_tables(dispatch, names):
    """{table name: (dims, [(interleaved, columns)] row-major)} from simd/dispatch.hpp's text."""
    text = open(dispatch).read()
    consts = {k: int(eval(v)) for k, v in re.findall(r"constexpr int (k\w+) = ([^;]+);", text)
              if re.fullmatch(r"[\d\s<>*+()]+", v)}
    consts["kNone"] = NONE
    tables = {}
    for name in names:
        pattern = r"constexpr Crossover %s((?:\[\d+\])+) = \{(.*?)\n\};" % re.escape(name)
        m = re.search(pattern, text, re.S)
        if not m:
            sys.exit(f"crossovers.py: no table {name} in {dispatch}")
        dims = [int(d) for d in re.findall(r"\d+", m.group(1))]
        body = re.sub(r"//[^\n]*", "", m.group(2))
        values = [consts[t] if t in consts else int(t) for t in re.findall(r"k\w+|\d+", body)]
        pairs = list(zip(values[0::2], values[1::2]))  # row-major over dims
        if len(pairs) * 2 != len(values) or len(pairs) != math.prod(dims):
            sys.exit(f"crossovers.py: {name} in {dispatch} holds {len(values)} values")
        tables[name] = (dims, pairs)
    return tables


def old_entry(tables, key):
    """The table's entry for a row, or False where no table or column holds one."""
    routine, nrhs, prec, layout = key
    for dims, pairs in tables.values():
        if routine in FACTORIZATIONS and dims == [4, 4]:
            i = FACTORIZATIONS.index(routine) * 4 + PRECISIONS.index(prec)
        elif routine in SOLVES and dims == [3, 4, 4] and nrhs in RHS_COLUMNS:
            i = (SOLVES.index(routine) * 4 + RHS_COLUMNS[nrhs]) * 4 + PRECISIONS.index(prec)
        else:
            continue
        return pairs[i][0 if layout == "interleaved" else 1]
    return False


def crossover(ratios):
    """The rule's entry: see the module's description."""
    ns = sorted(ratios)
    for i, n in enumerate(ns):
        if ratios[n] < 1:
            continue
        below = [ratios[m] for m in ns[i:] if ratios[m] < 1]
        if not below or (len(below) == 1 and below[0] >= NOISY):
            return n
    return NONE


def slower_on_old(ratios, old):
    """The measured orders the old entry ran on a path SLOWER or more slower than the other."""
    on_lanes = lambda n: old is NONE or n < old
    return [n for n, r in sorted(ratios.items())
            if (r >= SLOWER if on_lanes(n) else r <= 1 / SLOWER)]


def show(entry, last=None):
    """An entry; the rule's none as >last (the lanes ahead to the last order measured)."""
    if entry is NONE:
        return "none" if last is None else f">{last}"
    return str(entry)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--preset", default="host-gcc")
    ap.add_argument("--runs", type=int, default=2, help="runs of each path, alternating")
    ap.add_argument("--nrhs", help="the tester's right-hand sides (0: n), passed on; also picks "
                                   "the solves' column of the table")
    ap.add_argument("--replay", metavar="FILE", help="an earlier output's rows, not the tester's")
    ap.add_argument("--dispatch", default=os.path.join(ROOT, "simd/dispatch.hpp"),
                    help="the file of the tables (default: simd/dispatch.hpp)")
    ap.add_argument("--table", default="kCrossovers,kSolveCrossovers",
                    help="the factorizations' and the solves' tables to compare with, by name "
                         "(default: the AVX2 ones); empty: none")
    args, tester_args = ap.parse_known_args()
    if args.replay and (tester_args or args.nrhs is not None):
        ap.error("--replay takes no tester options: " + " ".join(tester_args or ["--nrhs"]))
    groups = replay(args.replay) if args.replay else measure(args, tester_args)
    tables = read_tables(args.dispatch, [t for t in args.table.split(",") if t])
    if args.replay:
        print(f"# replayed from {args.replay}")
    else:
        print("# time on the lane kernels / time on the vendor path (median over %d runs of each, "
              "by their speed-ups over the loop)" % args.runs)
    print(f"# old: {args.table or '-'} in {args.dispatch}; * moved by the rule")
    print("routine nrhs prec layout     old  rule   new    lanes/vendor time by n")
    moved = compared = 0
    for key in sorted(groups):
        ratios = groups[key]
        rule, old, last = crossover(ratios), old_entry(tables, key), max(ratios)
        new, mark = rule, " "
        if old is not False:
            compared += 1
            # (the lanes ahead to the last order measured agrees with an entry past it)
            agrees = rule == old or (rule is NONE and (old is NONE or old > last))
            new = old if agrees or not slower_on_old(ratios, old) else rule
            if new != old:
                mark, moved = "*", moved + 1
        cells = " ".join(f"{n}:{ratios[n]:.2f}" for n in sorted(ratios))
        kept = old is not False and new == old
        after = show(new, None if kept else last)
        before = "-" if old is False else show(old)
        entries = " ".join(f"{x:>5}" for x in (before, show(rule, last), after))
        print(f"{key[0]:<7} {key[1]:>4} {key[2]}    {key[3]:<11} {entries} {mark}  {cells}")
    if tables:
        print(f"# {moved} of the {compared} entries compared moved")


if __name__ == "__main__":
    main()

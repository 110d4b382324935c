#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""GFLOP/s versus n of one routine from an ompbatch_bench JSON: ompbatch per layout against the
LAPACKE loop and the roofline (min(update bandwidth x flops/byte, gemm peak), measured in the
same run), and the peer (KokkosBatched, where the binary has it: its unpivoted LU beside getrf,
its unpivoted solve beside getrs, its trsm), one panel per precision; with --table, the
README's markdown tables instead: per precision, GFLOP/s with the ratio to the loop of the same
run in brackets, and the interleaved batch's fraction of the roofline.

    scripts/bench-plot.py bench/results/NAME.json [--routine getrf] [--variant pivot] [--mib 256]
                          [-o NAME-getrf.png] [--table]
  variants: getrf pivot|nopivot; potrf lower; getrs nrhs:1|nrhs:n; potrs, trsm lower/nrhs:1|
  lower/nrhs:n; getri, matinv none ("")
"""
import argparse
import json
import re

NAME = re.compile(r"(?P<r>[a-z]+)/(?P<p>[sdcz])/(?P<impl>[a-z_]+)(?P<var>(/[a-z]+(:[0-9a-z]+)?)*)"
                  r"/n:(?P<n>\d+)/MiB:(?P<mib>[\d.]+)/")
DEFAULT_VARIANT = {"getrf": "pivot", "potrf": "lower", "getrs": "nrhs:1", "potrs": "lower/nrhs:1",
                   "trsm": "lower/nrhs:1"}
IMPLS = ["lapacke_loop", "interleaved", "strided", "pointer", "kokkos"]
LABEL = {"lapacke_loop": "LAPACKE loop", "interleaved": "interleaved", "strided": "strided",
         "pointer": "pointer array", "kokkos": "KokkosBatched (peer)"}


def label(impl, routine):
    if impl == "kokkos" and routine in ("getrf", "getrs"):
        return "KokkosBatched (peer, no pivoting)"
    return LABEL[impl]


def peer_variant(routine, variant):
    """The peer's row beside ompbatch's `variant`: it has LU and its solve without pivoting only."""
    if routine == "getrf":
        return "nopivot"
    return "nopivot/" + variant if routine == "getrs" else variant


def load(args):
    with open(args.json) as f:
        run = json.load(f)
    series, roof = {}, {}  # (p, impl) -> n -> GFLOP/s; (p, n) -> roofline GFLOP/s
    for b in run["benchmarks"]:
        m = NAME.match(b["name"] + "/")
        if not m or b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
            continue
        want = peer_variant(args.routine, args.variant) if m["impl"] == "kokkos" else args.variant
        if m["r"] != args.routine or m["mib"] != args.mib or m["var"].lstrip("/") != want:
            continue
        p, impl, n = m["p"], m["impl"], int(m["n"])
        series.setdefault((p, impl), {})[n] = b["GFLOP/s"]
        if b.get("roofline"):
            roof[(p, n)] = b["GFLOP/s"] / b["roofline"]
    return run, series, roof


def fmt(x):
    return f"{x:.3g}"


def table(args, series, roof):
    for p in "sdcz":
        impls = [i for i in IMPLS if (p, i) in series]
        if not impls:
            continue
        ns = sorted({n for (q, _), pts in series.items() if q == p for n in pts})
        title = f"{p}{args.routine}" + (f", {args.variant}" if args.variant else "")
        print(f"| {title} | " + " | ".join(f"n = {n}" if k == 0 else str(n) for k, n in enumerate(ns)) + " |")
        print("| --- " * (len(ns) + 1) + "|")
        loop = series.get((p, "lapacke_loop"), {})
        for impl in impls:
            cells = []
            for n in ns:
                g = series[(p, impl)].get(n)
                if g is None:
                    cells.append("")
                elif impl == "lapacke_loop" or n not in loop:
                    cells.append(fmt(g))
                else:
                    cells.append(f"{fmt(g)} ({fmt(g / loop[n])}x)" if loop[n] else fmt(g))
            print(f"| {label(impl, args.routine)} | " + " | ".join(cells) + " |")
        if (p, "interleaved") in series:
            pts = series[(p, "interleaved")]
            print("| interleaved / roofline | " + " | ".join(
                f"{pts[n] / roof[(p, n)]:.2f}" if n in pts and (p, n) in roof else "" for n in ns) + " |")
        print()


def plot(args, run, series, roof):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    precisions = [p for p in "sdcz" if any(k[0] == p for k in series)]
    cols = min(len(precisions), 2)
    rows = (len(precisions) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(6 * cols, 4.5 * rows), squeeze=False)
    for ax, p in zip(axes.flat, precisions):
        for impl in IMPLS:
            pts = series.get((p, impl))
            if not pts:
                continue
            ns = sorted(pts)
            style = "k--" if impl == "lapacke_loop" else "-o"
            name = ("LAPACKE loop (reference)" if impl == "lapacke_loop" else
                    label(impl, args.routine) if impl == "kokkos" else f"ompbatch {LABEL[impl]}")
            ax.plot(ns, [pts[n] for n in ns], style, label=name)
        rn = sorted(n for (q, n) in roof if q == p)
        if rn:
            ax.plot(rn, [roof[(p, n)] for n in rn], ":", color="grey", label="roofline")
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("n")
        ax.set_ylabel("GFLOP/s")
        ax.set_title(f"{p}{args.routine} {args.variant}, {args.mib} MiB batches")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    ctx = run["context"]
    fig.suptitle(f"{ctx.get('host_name', '')} {ctx.get('date', '')[:10]}, {ctx.get('omp_threads', '?')} threads; "
                 f"{ctx.get('reference', '')[:60]}", fontsize=8)
    fig.tight_layout()
    out = args.output or f"{args.json.rsplit('.', 1)[0]}-{args.routine}.png"
    fig.savefig(out, dpi=110)
    print(f"bench-plot: wrote {out}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("json")
    ap.add_argument("--routine", default="getrf")
    ap.add_argument("--variant", help="e.g. nopivot, lower/nrhs:n (default: the routine's first)")
    ap.add_argument("--mib", help="batch size in MiB (default: 256 for getrf, else 64)")
    ap.add_argument("-o", "--output")
    ap.add_argument("--table", action="store_true", help="print markdown tables instead of plotting")
    args = ap.parse_args()
    if args.variant is None:
        args.variant = DEFAULT_VARIANT.get(args.routine, "")
    if args.mib is None:
        args.mib = "256" if args.routine == "getrf" else "64"
    run, series, roof = load(args)
    if not series:
        raise SystemExit(f"bench-plot: no {args.routine} {args.variant} results at {args.mib} MiB in {args.json}")
    if args.table:
        table(args, series, roof)
    else:
        plot(args, run, series, roof)


if __name__ == "__main__":
    main()

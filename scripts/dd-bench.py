#!/usr/bin/env python3
"""Double-dummy benchmark, same run, same deals: `fairdeal dd` on 1 thread and on every core
against endplay's DDS 2.9 (calc_dd_table one by one, and calc_all_tables on every core).
Prints ms per full table (20 results) and the ratios.

With --one-core both sides are pinned to CPU 0 (sched_setaffinity: DDS's own threads then
share one core, so neither side can use more than one core) and timed in CPU seconds as well
as wall clock, in interleaved rounds; the median of the per-round ratios is printed. That is
the fair single-thread comparison, since endplay does not expose DDS's SetMaxThreads.

Usage: .venv-endplay/bin/python scripts/dd-bench.py FAIRDEAL_BINARY [--count 40] [--seed 7]
       .venv-endplay/bin/python scripts/dd-bench.py FAIRDEAL_BINARY --one-core [--rounds 3]
"""
import argparse, importlib.util, os, resource, statistics, subprocess, sys, tempfile, time

spec = importlib.util.spec_from_file_location("ddv", os.path.join(os.path.dirname(__file__), "dd-verify.py"))
ddv = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ddv)
from endplay.dds import calc_all_tables, calc_dd_table  # noqa: E402
from endplay.types import Deal  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fairdeal")
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--one-core", action="store_true")
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    deals = ddv.random_deals(a.count, a.seed)
    if a.one_core:
        return one_core(a, deals)
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench.pbn")
        with open(path, "w") as f:
            for i, d in enumerate(deals):
                f.write(f'[Board "{i + 1}"]\n[Deal "{d}"]\n\n')

        def ours(j):
            t0 = time.perf_counter()
            subprocess.run([a.fairdeal, "dd", path, "--csv", "-j", str(j)], check=True, capture_output=True)
            return (time.perf_counter() - t0) * 1000 / len(deals)

        def dds_seq():
            t0 = time.perf_counter()
            for d in deals:
                calc_dd_table(Deal(d))
            return (time.perf_counter() - t0) * 1000 / len(deals)

        def dds_all():
            t0 = time.perf_counter()
            for s in range(0, len(deals), 40):
                calc_all_tables([Deal(d) for d in deals[s:s + 40]])
            return (time.perf_counter() - t0) * 1000 / len(deals)

        r = {"fairdeal -j 1": ours(1), f"fairdeal -j {cores}": ours(cores),
             "endplay calc_dd_table (sequential)": dds_seq(), f"endplay calc_all_tables ({cores} threads)": dds_all()}
    seq = r["endplay calc_dd_table (sequential)"]
    for k, v in r.items():
        print(f"{k:40s} {v:8.1f} ms/table   endplay-sequential/this = {seq / v:.2f}x")


def one_core(a, deals):
    """Both engines on CPU 0 only; CPU ms and wall ms per table, interleaved rounds."""
    os.sched_setaffinity(0, {0})  # inherited by the fairdeal child and by DDS's threads
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench.pbn")
        with open(path, "w") as f:
            for i, d in enumerate(deals):
                f.write(f'[Board "{i + 1}"]\n[Deal "{d}"]\n\n')
        n = len(deals)
        ratios_cpu, ratios_wall = [], []
        for r in range(a.rounds):
            c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            w0 = time.perf_counter()
            subprocess.run([a.fairdeal, "dd", path, "--csv", "-j", "1"], check=True, capture_output=True)
            ours_wall = (time.perf_counter() - w0) * 1000 / n
            c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            ours_cpu = ((c1.ru_utime - c0.ru_utime) + (c1.ru_stime - c0.ru_stime)) * 1000 / n
            p0, w0 = time.process_time(), time.perf_counter()
            for d in deals:
                calc_dd_table(Deal(d))
            dds_cpu = (time.process_time() - p0) * 1000 / n
            dds_wall = (time.perf_counter() - w0) * 1000 / n
            ratios_cpu.append(dds_cpu / ours_cpu)
            ratios_wall.append(dds_wall / ours_wall)
            print(f"round {r + 1}: fairdeal -j 1 {ours_cpu:7.1f} ms CPU ({ours_wall:7.1f} wall)   "
                  f"endplay calc_dd_table {dds_cpu:7.1f} ms CPU ({dds_wall:7.1f} wall)   "
                  f"DDS/fairdeal {dds_cpu / ours_cpu:.2f}x CPU ({dds_wall / ours_wall:.2f}x wall)")
        print(f"median DDS/fairdeal on one core: {statistics.median(ratios_cpu):.2f}x CPU, "
              f"{statistics.median(ratios_wall):.2f}x wall ({n} deals, {a.rounds} rounds)")


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Double-dummy benchmark, same run, same deals: `fairdeal dd` on 1 thread and on every core
against endplay's DDS 2.9 (calc_dd_table one by one, and calc_all_tables on every core).
Prints ms per full table (20 results) and the ratios.

Usage: .venv-endplay/bin/python scripts/dd-bench.py FAIRDEAL_BINARY [--count 40] [--seed 7]
"""
import argparse, importlib.util, os, subprocess, sys, tempfile, time

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
    a = ap.parse_args()
    deals = ddv.random_deals(a.count, a.seed)
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


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""First items on screen only, many times over: the time from launching each program to its first
frame with items, in run.py's pseudo-terminal (200x60) and environment, over the grouped lines
of run.py's `--grouped` (`groupNNN itemN LABEL`, 1,000 groups): `splitview --group-nth 1`,
splitview without grouping, `fzf` and `fzf --nth 2..`, each RUNS times in turn.

run.py measures first items once per run, right after the program before it quit; this takes
them in a row, the programs alternating, and prints each program's median and spread.

    python3 Benchmarks/scale/first_items.py [--items-per-section 5000] [--runs 9]
"""

import argparse
import os
import shutil
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (the harness of the scale benchmark)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    run.add_program_arguments(parser)
    run.add_data_arguments(parser, runs=9)
    options = parser.parse_args()
    fzf = shutil.which(options.fzf)
    workdir = tempfile.mkdtemp(prefix="splitview-first-")
    try:
        _, labels = run.generate(workdir, options.sections, options.items_per_section)
        grouped = run.write_grouped(workdir, options.sections, labels)
        total = len(labels)
        env = run.clean_environment(workdir)
        programs = [
            run.Splitview("splitview --group-nth 1", [options.binary, "--no-recent", "--group-nth", "1", grouped],
                          None, total, open_keys=b"/"),
            run.Splitview("splitview (no grouping)", [options.binary, "--no-recent", grouped], None, total,
                          open_keys=b"/"),
            run.Fzf("fzf", [fzf], grouped, total),
            run.Fzf("fzf --nth 2..", [fzf, "--nth", "2.."], grouped, total),
        ]
        times = {program.name: [] for program in programs}
        for _ in range(options.runs):
            for program in programs:
                session = run.Session(program.argv, env, program.stdin_path)
                stamp = session.pump(program.first_items, session.started + 30)
                session.finish(program.quit_keys)
                if stamp is not None:
                    times[program.name].append((stamp - session.started) * 1000)
        print(f"{total:,} lines over {options.sections:,} groups, first items in ms, {options.runs} runs each:")
        print()
        print("| program | median | fastest | slowest |")
        print("| --- | --- | --- | --- |")
        for name, values in times.items():
            if values:
                print(f"| {name} | {statistics.median(values):.1f} | {min(values):.1f} | {max(values):.1f} |")
            else:
                print(f"| {name} | no first items | | |")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()

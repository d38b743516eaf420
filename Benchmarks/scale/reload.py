#!/usr/bin/env python3
"""A reload's first items against a pipe's: the time from launching each program to its first
frame with items of a million lines, given two ways, in run.py's pseudo-terminal (200x60) and
environment, over the grouped lines of first_items.py (`groupNNN itemN LABEL`):

- piped: `cat FILE | PROGRAM`, the lines read from a pipe as they come;
- reloaded: `echo x | PROGRAM --bind 'start:reload(cat FILE)'`, the same lines read from the
  reload's command as they come, after a first frame of one item.

splitview and fzf both, each RUNS times in turn; prints each one's median and spread. A reload
shows its first items as soon as a pipe of them would when the two medians are within the
spread of the pipe's.

    python3 Benchmarks/scale/reload.py [--items-per-section 1000] [--runs 9]
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (the harness of the scale benchmark)


def first_items_of(program_kind, total):
    """The first frame with items of the whole data (more than the reload's one line)."""
    if program_kind == "splitview":
        # (Piped data: the prompt is open, its line counts the items shown, "N of N".)
        pattern = re.compile(r" (\d+) of (\d+)")

        def seen(terminal):
            match = pattern.search(terminal.row(run.ROWS - 1))
            return match is not None and int(match.group(2)) > 1 and terminal.row(1).strip() != ""
    else:
        pattern = re.compile(r"^\W*(\d+)/(\d+)")

        def seen(terminal):
            match = pattern.match(terminal.row(run.ROWS - 2).strip())
            return match is not None and int(match.group(2)) > 1 and terminal.row(run.ROWS - 3).strip() != ""
    return seen


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    run.add_program_arguments(parser)
    run.add_data_arguments(parser, runs=9)
    options = parser.parse_args()
    fzf = shutil.which(options.fzf)
    workdir = tempfile.mkdtemp(prefix="splitview-reload-")
    try:
        _, labels = run.generate(workdir, options.sections, options.items_per_section)
        data = run.write_grouped(workdir, options.sections, labels)
        one = os.path.join(workdir, "one.txt")
        with open(one, "w", encoding="utf-8") as out:
            out.write("x\n")
        env = run.clean_environment(workdir)
        reload = f"start:reload(cat {data})"
        cases = [
            ("splitview", "piped", [options.binary, "--no-recent"], data),
            ("splitview", "reloaded", [options.binary, "--no-recent", "--bind", reload], one),
            ("fzf", "piped", [fzf], data),
            ("fzf", "reloaded", [fzf, "--bind", reload], one),
        ]
        times = {(kind, way): [] for kind, way, _, _ in cases}
        quit_keys = {"splitview": run.Splitview.quit_keys, "fzf": run.Fzf.quit_keys}
        for _ in range(options.runs):
            for kind, way, argv, source in cases:
                # A pipe, as a command's output is: cat writes it.
                feeder = subprocess.Popen(["cat", source], stdout=subprocess.PIPE)
                session = run.Session(argv, env, stdin_file=feeder.stdout)
                feeder.stdout.close()
                stamp = session.pump(first_items_of(kind, len(labels)), session.started + 30)
                session.finish(quit_keys[kind])
                feeder.kill()
                feeder.wait()
                if stamp is not None:
                    times[(kind, way)].append((stamp - session.started) * 1000)
        print(f"{len(labels):,} lines, first items in ms from the launch, {options.runs} runs each:")
        print()
        print("| program | the lines | median | fastest | slowest |")
        print("| --- | --- | --- | --- | --- |")
        for (kind, way), values in times.items():
            how = "piped in" if way == "piped" else "reloaded at start (`start:reload(cat FILE)`)"
            if values:
                print(f"| {kind} | {how} | {statistics.median(values):.1f} | {min(values):.1f} | {max(values):.1f} |")
            else:
                print(f"| {kind} | {how} | no first items | | |")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()

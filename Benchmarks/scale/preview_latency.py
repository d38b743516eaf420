#!/usr/bin/env python3
"""A preview's output on screen: the time from a preview command printing a line to the frame
that shows it, in run.py's pseudo-terminal (200x60), for splitview and fzf side by side.

Each program lists 40 lines and previews each with `sleep 0.05; date +%s.%N > DIR/{n};
echo MARK-{n}`: the command notes the time (the wall clock) right before it prints. The script
moves the focus down a line at a time and waits for the mark of the newly focused line; the
read that brought it is stamped on the same clock. Prints each program's median and largest
latency over ROUNDS lines, with 16.7 ms (a frame at 60 Hz) as the bar.

    python3 Benchmarks/scale/preview_latency.py [--rounds 30]
"""

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (the harness of the scale benchmark)


def measure(argv, env, stdin_path, marks, rounds, down):
    """Latencies in ms: for each round, the focus moved down and the mark of its line awaited."""
    # The pty's read stamps are perf_counter; the marks are the wall clock: one offset joins them.
    offset = time.time() - time.perf_counter()
    session = run.Session(argv, env, stdin_path)
    latencies = []
    try:
        if session.pump(lambda t: any("MARK-0" in t.row(r) for r in range(run.ROWS)), session.started + 10) is None:
            raise RuntimeError(f"{argv[0]}: no first preview")
        for index in range(1, rounds + 1):
            session.send(down)
            mark = f"MARK-{index}"
            stamp = session.pump(lambda t: any(mark in t.row(r) for r in range(run.ROWS)), time.perf_counter() + 5)
            if stamp is None:
                raise RuntimeError(f"{argv[0]}: no {mark}")
            with open(os.path.join(marks, str(index))) as noted:
                printed = float(noted.read().strip())
            latencies.append((stamp + offset - printed) * 1000)
    finally:
        session.finish(((b"\x1b", 2.0), (b"\x03", 2.0)))
    return latencies


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    run.add_program_arguments(parser)
    parser.add_argument("--rounds", type=int, default=30)
    options = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="splitview-preview-")
    try:
        lines = os.path.join(workdir, "lines.txt")
        with open(lines, "w") as out:
            for index in range(40):
                out.write(f"line number {index} of the list\n")
        env = run.clean_environment(workdir)
        results = {}
        for name, argv in [
            ("splitview", [options.binary, "--no-recent"]),
            ("fzf", [shutil.which(options.fzf), "--layout", "reverse"]),
        ]:
            marks = os.path.join(workdir, name)
            os.mkdir(marks)
            preview = f"sleep 0.05; date +%s.%N > {marks}/{{n}}; echo MARK-{{n}}"
            # Down: Ctrl-N in both (splitview's prompt is open for piped data, as fzf's).
            results[name] = measure(argv + ["--preview", preview], env, lines, marks, options.rounds, b"\x0e")
        print(f"A preview's line on screen after it was printed, ms, {options.rounds} lines each:")
        print()
        print("| program | median | largest |")
        print("| --- | --- | --- |")
        for name, values in results.items():
            print(f"| {name} | {statistics.median(values):.1f} | {max(values):.1f} |")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()

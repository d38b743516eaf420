#!/usr/bin/env python3
"""Loading a stream in the browser, binaries side by side (issue 26, point 4).

Runs each splitview binary given (say the one before a change and the one after) in a
pseudo-terminal of 200x60 with data piped to it, or named as a large file, and measures, until
the status line counts every item with no "…" (the input read to its end):

- the time to the first items on screen and to all of them;
- the CPU time of the splitview process (user + system, from wait4), the figure that parsing
  the input once or several times shows in;
- the peak resident memory (VmHWM).

The data: `seq 5000000` (plain lines), the 5,000,000-row TSV of run.py (1,000 sections of
5,000), and a sectioned JSON of about 100 MB (its first 830,000 rows as item objects), each piped
(`cat FILE |`, the producer a process of its own, so that its CPU time is not counted), and the
JSON also named as a file. The runs alternate between the binaries. Python 3 standard library
only; uses run.py (next to this file) for the pseudo-terminal and the screen.

    python3 Benchmarks/scale/stream.py --binary before=/tmp/splitview-main \\
        --binary after=.build/release/splitview --runs 3
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (the harness of the scale benchmark)

COUNT = re.compile(r"(\d+) of (\d+)(…?)")


def write_sections_json(tsv, path, limit_bytes=100_000_000):
    """A sectioned JSON made of the TSV's first rows, each an item object; returns its items."""
    sections, order = {}, []
    with open(tsv) as data:
        next(data)
        for line in data:
            title, label = line.rstrip("\n").split("\t")
            if title not in sections:
                sections[title] = []
                order.append(title)
            sections[title].append(label)
    parts, size, items = [], 0, 0
    for title in order:
        rows = [json.dumps({"label": label, "keywords": label.split()[:2], "n": index,
                            "note": f"item {index} of {title}"}) for index, label in enumerate(sections[title])]
        part = '  {"title": %s, "items": [\n    %s\n  ]}' % (json.dumps(title), ",\n    ".join(rows))
        parts.append(part)
        size += len(part)
        items += len(rows)
        if size > limit_bytes:
            break
    with open(path, "w") as out:
        out.write('{"sections": [\n' + ",\n".join(parts) + "\n]}\n")
    return items


def measure(binary, case, env, verbose):
    """One run of `binary` on `case`: times, CPU and memory."""
    producer = None
    argv = [binary, "--no-recent"]
    stdin_file = None
    if case["piped"]:
        producer = subprocess.Popen(case["producer"], stdout=subprocess.PIPE, env=env)
        stdin_file = producer.stdout
    else:
        argv.append(case["file"])
    session = run.Session(argv, env, stdin_file=stdin_file)
    if stdin_file is not None:
        stdin_file.close()
    # The status line counts the items ("1 of N", or "N of N" with the search prompt open, as
    # it is for piped data), with "…" while more are coming; the first row of items is drawn
    # before it.
    total = case["items"]

    def count(terminal):
        match = COUNT.search(terminal.row(run.ROWS - 1))
        return match and terminal.row(1).strip() != "" and (int(match.group(2)), match.group(3))

    def first_items(terminal):
        return bool(count(terminal))

    def ready(terminal):
        return count(terminal) == (total, "")

    result = {"error": None}
    try:
        stamp = session.pump(first_items, session.started + 300)
        if stamp is None:
            raise RuntimeError("no first items")
        result["first_items_s"] = stamp - session.started
        # (The first frame may hold all the items already.)
        if not ready(session.terminal):
            stamp = session.pump(ready, session.started + 300)
        if stamp is None:
            raise RuntimeError("not all items")
        result["all_loaded_s"] = stamp - session.started
        result["vmhwm_kib"] = session.high_water_mark()
    except RuntimeError as error:
        result["error"] = str(error)
        result["screen"] = session.terminal.dump()
    finally:
        session.finish(run.Splitview.quit_keys)
        if producer is not None:
            producer.kill()
            producer.wait()
        if session.rusage is not None:
            result["cpu_s"] = session.rusage.ru_utime + session.rusage.ru_stime
            result["user_s"] = session.rusage.ru_utime
            result["system_s"] = session.rusage.ru_stime
    if verbose:
        print(f"  {binary} {case['name']}: " + json.dumps({k: v for k, v in result.items() if k != "screen"}),
              file=sys.stderr)
        if result["error"]:
            print(result["screen"], file=sys.stderr)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", action="append", required=True, metavar="NAME=PATH",
                        help="a splitview binary to run, named in the table (give it twice or more)")
    parser.add_argument("--runs", type=int, default=3, metavar="K")
    parser.add_argument("--lines", type=int, default=5_000_000, metavar="N", help="seq's count")
    parser.add_argument("--cases", default="seq,tsv,json-pipe,json-file",
                        help="which of seq, tsv, tsv-file, json-pipe, json-file (default: all but tsv-file)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    parser.add_argument("--verbose", action="store_true")
    options = parser.parse_args()
    binaries = [tuple(given.split("=", 1)) if "=" in given else (given, given) for given in options.binary]
    workdir = tempfile.mkdtemp(prefix="splitview-stream-")
    try:
        home = os.path.join(workdir, "home")
        os.mkdir(home)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color", "LANG": "C.UTF-8",
               "LC_ALL": "C.UTF-8", "HOME": home, "XDG_CONFIG_HOME": os.path.join(home, "config"),
               "XDG_STATE_HOME": os.path.join(home, "state")}
        wanted = options.cases.split(",")
        cases = []
        if "seq" in wanted:
            cases.append({"name": f"`seq {options.lines}`, piped", "piped": True,
                          "producer": ["seq", str(options.lines)], "items": options.lines})
        tsv = os.path.join(workdir, "data.tsv")
        if {"tsv", "tsv-file", "json-pipe", "json-file"} & set(wanted):
            print("generating the data", file=sys.stderr)
            run.generate(workdir, 1000, 5000)
        if "tsv" in wanted:
            cases.append({"name": "data.tsv piped (5,000,000 rows, 181 MB)", "piped": True,
                          "producer": ["cat", tsv], "items": 5_000_000})
        if "tsv-file" in wanted:
            cases.append({"name": "data.tsv as a file (5,000,000 rows, 181 MB)", "piped": False,
                          "file": tsv, "items": 5_000_000})
        if {"json-pipe", "json-file"} & set(wanted):
            sections = os.path.join(workdir, "sections.json")
            items = write_sections_json(tsv, sections)
            size = os.path.getsize(sections) / 1e6
            if "json-pipe" in wanted:
                cases.append({"name": f"sections.json piped ({items:,} items, {size:.0f} MB)", "piped": True,
                              "producer": ["cat", sections], "items": items})
            if "json-file" in wanted:
                cases.append({"name": f"sections.json as a file ({items:,} items, {size:.0f} MB)", "piped": False,
                              "file": sections, "items": items})
        results = {(case["name"], name): [] for case in cases for name, _ in binaries}
        for attempt in range(options.runs):
            print(f"run {attempt + 1} of {options.runs}", file=sys.stderr)
            for case in cases:
                order = binaries if attempt % 2 == 0 else list(reversed(binaries))
                for name, binary in order:
                    results[(case["name"], name)].append(measure(binary, case, env, options.verbose))

        def median(key, runs):
            values = [r[key] for r in runs if not r["error"] and r.get(key) is not None]
            return statistics.median(values) if values else None

        print()
        print(f"{run.machine()}; medians of {options.runs} runs, {run.COLUMNS}x{run.ROWS} pseudo-terminal.")
        print()
        print("| input | binary | first items | all loaded | CPU (user + sys) | peak memory |")
        print("| --- | --- | --- | --- | --- | --- |")
        failed = 0
        for case in cases:
            for name, _ in binaries:
                runs = results[(case["name"], name)]
                failed += sum(1 for r in runs if r["error"])
                cpu = median("cpu_s", runs)
                user, system = median("user_s", runs), median("system_s", runs)
                cpu_text = "—" if cpu is None else f"{cpu:.2f} s ({user:.2f} + {system:.2f})"
                print(f"| {case['name']} | {name} | {run.milliseconds(median('first_items_s', runs))} "
                      f"| {run.milliseconds(median('all_loaded_s', runs))} | {cpu_text} "
                      f"| {run.mebibytes(median('vmhwm_kib', runs))} |")
        if failed:
            print(f"FAILED: {failed} runs (--verbose shows their screens)")
        return 1 if failed else 0
    finally:
        if options.keep:
            print(f"kept {workdir}", file=sys.stderr)
        else:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

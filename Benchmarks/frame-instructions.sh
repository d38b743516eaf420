#!/usr/bin/env bash
# Instructions per 200 x 60 frame, counted by callgrind: compose (Browser.render) and draw
# (NcursesScreen.show, ncurses and the pseudo-terminal writes included) of the frame scenarios
# of splitview-bench. Steady where wall times on a shared machine vary twofold between runs.
# Each figure is (count of N + 1 frames - count of 1 frame) / N: the first frame's one-time
# work (tables, the full first draw) left out. Needs valgrind; builds the release benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product splitview-bench >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Valgrind 3.19 cannot read the DWARF 5 of Swift 6 binaries: a copy without debug information.
cp .build/release/splitview-bench "$work/bench"
strip -g "$work/bench"
render='$s7BrowserAAO6rendery10TerminalUI10CellBufferVAA0A5StateVFZ'
show='$s10TerminalUI13NcursesScreenC4showyyAA10CellBufferVF'
count() {  # function mode scenario frames
    valgrind --tool=callgrind --callgrind-out-file="$work/out" --toggle-collect="$1" "$work/bench" "$2" "$3" "$4" 2>&1 \
        | sed -n 's/.*Collected : //p'
}
per_frame() {  # function mode scenario
    local n=20 one many
    one=$(count "$1" "$2" "$3" 1)
    many=$(count "$1" "$2" "$3" $((n + 1)))
    echo $(((many - one) / n))
}
names=("emoji by group (default)" "emoji by subgroup" "1,000 sections x 1,000 text items")
echo "| data | compose | draw, 1-row scroll | draw, page scroll |"
echo "| --- | --- | --- | --- |"
for scenario in 0 1 2; do
    compose=$(per_frame "$render" --compose "$scenario")
    if [ "$scenario" = 0 ]; then
        row="—"; page="—"  # fits on the screen: nothing to scroll
    else
        row=$(per_frame "$show" --draw "$scenario")
        page=$(per_frame "$show" --draw-pages "$scenario")
    fi
    echo "| ${names[$scenario]} | $compose | $row | $page |"
done

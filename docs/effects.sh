#!/bin/sh
# Makes docs/effects.png, the README's frames of the row effects: each effect in kitty at rest
# and mid-move, as the pixel tests took them (RealTerminalEffectTests, which checks each against
# `splitview render` and keeps the kitty ones, cropped to the moving row, in
# .build/screenshots/effects). Run them first (Xvfb, kitty, xterm, ImageMagick, xdotool):
#   swift build -c release --product splitview && swift build --build-tests
#   swift test --skip-build --filter RealTerminalEffectTests && docs/effects.sh
set -eu
cd "$(dirname "$0")/.."
shots=.build/screenshots/effects
effects="none carousel scale stack snapshot distance tilt"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
label() { # text, width, height, file
    convert -background '#202020' -fill '#e0e0e0' -font DejaVu-Sans-Mono -pointsize 14 -size "$2x$3" \
        -gravity center "label:$1" "$4"
}
index=0
rows=""
for effect in $effects; do
    rest="$shots/$index-$effect-1-rest.png" move="$shots/$index-$effect-2-move.png"
    [ -f "$rest" ] && [ -f "$move" ] || { echo "docs/effects.sh: no $rest or $move: run the tests first" >&2; exit 1; }
    height=$(identify -format %h "$rest")
    label "$effect" 110 "$height" "$work/label-$index.png"
    convert "$work/label-$index.png" "$rest" \( "$move" -background '#202020' -splice 12x0 \) +append \
        -background '#202020' -gravity south -splice 0x8 "$work/row-$index.png"
    rows="$rows $work/row-$index.png"
    index=$((index + 1))
done
width=$(identify -format %w "$shots/0-none-1-rest.png")
convert -size 110x24 xc:'#202020' "$work/head-0.png"
label "at rest (Right moved the focus to Venus)" "$width" 24 "$work/head-1.png"
label "mid-move (a frame during the Right)" "$width" 24 "$work/head-2.png"
convert "$work/head-0.png" "$work/head-1.png" \( "$work/head-2.png" -background '#202020' -splice 12x0 \) \
    +append "$work/head.png"
# shellcheck disable=SC2086
convert "$work/head.png" $rows -background '#202020' -append -bordercolor '#202020' -border 8 -depth 8 \
    -strip -define png:exclude-chunks=date,time docs/effects.png
ls -l docs/effects.png

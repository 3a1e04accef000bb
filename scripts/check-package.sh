#!/usr/bin/env bash
# make check-package: FaceSticker used as a dependency by version, as another
# package would. Clones this checkout's HEAD into a temporary folder, tags it
# 0.1.0, builds Examples/StickerPhoto against it with
# `.package(url: "file://...", from: "0.1.0")`, runs it on the sample photo with
# this checkout's models and stickers, and checks that the output arrived and
# differs from the input.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/facesticker"
git -C "$work/facesticker" tag 0.1.0
cp -R Examples/StickerPhoto "$work/StickerPhoto"
rm -rf "$work/StickerPhoto/.build"
echo "check-package: building Examples/StickerPhoto against file://$work/facesticker (from: 0.1.0)"
(cd "$work/StickerPhoto" && FACESTICKER_URL="file://$work/facesticker" swift build -c release 2>&1 | tail -3)
"$work/StickerPhoto/.build/release/StickerPhoto" samples/astronaut.png "$work/out.png" "$root/models" "$root/stickers"
[ -s "$work/out.png" ] || { echo "check-package: no output" >&2; exit 1; }
if cmp -s samples/astronaut.png "$work/out.png"; then echo "check-package: output equals input" >&2; exit 1; fi
echo "check-package: ok"

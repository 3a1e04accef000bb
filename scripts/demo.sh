#!/usr/bin/env bash
# The main job on the built-in sample media (installed by scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/facesticker}
mkdir -p out
echo "== facesticker detect samples/astronaut.png"
"$bin" detect --json samples/astronaut.png
echo
echo "== facesticker photo samples/astronaut.png --sticker sunglasses --sticker tophat"
"$bin" photo samples/astronaut.png -o out/astronaut-stickered.png --sticker sunglasses --sticker tophat -y
echo
echo "== facesticker stickers"
"$bin" stickers
echo
echo "== facesticker video samples/carphone.mp4 --sticker sunglasses --tracks out/carphone-tracks.json"
"$bin" video samples/carphone.mp4 -o out/carphone-stickered.mp4 --sticker sunglasses --tracks out/carphone-tracks.json -y
echo "wrote out/carphone-stickered.mp4 and out/carphone-tracks.json"

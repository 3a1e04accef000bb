#!/usr/bin/env python3
"""Contact sheets for grading sticker placement by eye (issue #40): every labelled face of
at least 22 px in ../shared's WIDER dev split, three tiles each (the photo, sunglasses with
a crown, a top hat), captioned with the face's pose as `photo --json` gives it.

usage: scripts/dev/head-sheets.py BINARY OUTDIR [--turns] [-- PHOTO-OPTIONS...]
  --turns: the first 8 photos turned 90, 180, 270 degrees and mirrored instead.
Writes OUTDIR/sheetNN.png, OUTDIR/tiles/NNN.png, OUTDIR/caps.json and OUTDIR/places.json
(each tile's placement), which scripts/dev/head-changes.py compares between two builds.
Needs Pillow (Debian: python3-pil). Never commit the sheets: WIDER FACE is research-only."""
import sys, os, json, subprocess, math
from PIL import Image, ImageDraw, ImageOps
B, OUT = sys.argv[1], sys.argv[2]
turns = '--turns' in sys.argv
minside = 22
extra = []
if '--' in sys.argv: extra = sys.argv[sys.argv.index('--')+1:]
DEV = os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../shared/data/wider-dev')
os.makedirs(OUT, exist_ok=True)
lines = open(DEV + '/wider_face_gt.txt').read().split('\n')
i = 0; faces = []
while i < len(lines) and lines[i].strip():
    name = lines[i]; n = int(lines[i+1]); rows = lines[i+2:i+2+max(n, 1)]; i += 2 + max(n, 1)
    for k, r in enumerate(rows):
        v = r.split()
        if len(v) < 10: continue
        x, y, w, h = map(float, v[:4])
        if min(w, h) >= minside: faces.append(dict(name=name, k=k, box=(x, y, w, h), pose=int(v[9])))
names = sorted(set(f['name'] for f in faces))
if turns:
    names = names[:8]
    faces = [f for f in faces if f['name'] in names]
# inputs (turned copies when asked)
ops = [('up', None)] if not turns else [('r90', Image.Transpose.ROTATE_270), ('r180', Image.Transpose.ROTATE_180),
                                        ('r270', Image.Transpose.ROTATE_90), ('mir', Image.Transpose.FLIP_LEFT_RIGHT)]
def tbox(box, op, W, H):
    x, y, w, h = box
    if op == 'up': return box
    if op == 'r90': return (H - y - h, x, h, w)      # clockwise 90
    if op == 'r180': return (W - x - w, H - y - h, w, h)
    if op == 'r270': return (y, W - x - w, h, w)
    if op == 'mir': return (W - x - w, y, w, h)
inputs = []
for n in names:
    src = DEV + '/images/' + n
    for op, tr in ops:
        if tr is None: inputs.append((n, op, src)); continue
        p = os.path.join(OUT, 'in', op + '_' + os.path.basename(n).replace('.jpg', '.png'))
        os.makedirs(os.path.dirname(p), exist_ok=True)
        if not os.path.exists(p): Image.open(src).convert('RGB').transpose(tr).save(p)
        inputs.append((n, op, p))
def run(tag, stickers):
    d = os.path.join(OUT, tag); os.makedirs(d, exist_ok=True)
    args = [B, 'photo', '-y', '--json', '--out-dir', d] + sum([['--sticker', s] for s in stickers], []) + extra + [p for _, _, p in inputs]
    r = subprocess.run(args, capture_output=True, text=True)
    open(os.path.join(OUT, tag + '.jsonl'), 'w').write(r.stdout)
    res = {}
    for l in r.stdout.splitlines():
        if l.startswith('{'):
            j = json.loads(l); res[j['input']] = j
    return res
A = run('gc', ['sunglasses', 'crown']); T = run('hat', ['tophat'])
def iou(a, b):
    ax, ay, aw, ah = a; bx, by, bw, bh = b
    ix = max(0, min(ax+aw, bx+bw) - max(ax, bx)); iy = max(0, min(ay+ah, by+bh) - max(ay, by))
    u = aw*ah + bw*bh - ix*iy
    return ix*iy/u if u > 0 else 0
S = 170; tiles = []; caps = []; places = []
for n, op, p in inputs:
    im0 = Image.open(p).convert('RGB'); W, H = im0.size
    ja, jt = A.get(p), T.get(p)
    if not ja: continue
    ima = Image.open(ja['output']).convert('RGB'); imt = Image.open(jt['output']).convert('RGB')
    for f in [f for f in faces if f['name'] == n]:
        box = tbox(f['box'], op, 416, 416)
        x, y, w, h = box; side = 2.1 * max(w, h); cx, cy = x + w/2, y + h/2
        if op in ('up', 'r180', 'mir'): cy += (-0.35 if op != 'r180' else 0.35) * h
        else: cx += (0.35 if op == 'r90' else -0.35) * w
        crop = (int(cx - side/2), int(cy - side/2), int(cx + side/2), int(cy + side/2))
        best = max(ja.get('placements', []), key=lambda q: iou(q['box'], box), default=None)
        cap = '%s %s#%d %s' % (op, os.path.basename(n)[:-4][-12:], f['k'], 'ATYP' if f['pose'] else '')
        if best and iou(best['box'], box) > 0.3:
            po = best.get('pose')
            cap2 = ('y%.0f p%.0f r%.0f' % (po['yaw'], po['pitch'], po['roll'])) if po else 'no pose'
            cap2 += ' s%.2f' % best['score']
        else: cap2 = 'NOT FOUND'
        row = Image.new('RGB', (3*S, S + 24), 'white')
        for j, im in enumerate((im0, ima, imt)):
            row.paste(im.crop(crop).resize((S, S)), (j*S, 24))
        d = ImageDraw.Draw(row); d.text((2, 0), cap, fill='black'); d.text((2, 11), cap2, fill='blue')
        tiles.append(row)
        os.makedirs(os.path.join(OUT,'tiles'),exist_ok=True); row.save(os.path.join(OUT,'tiles','%03d.png'%(len(tiles)-1)))
        caps.append(cap+' | '+cap2)
        places.append(best if best and iou(best['box'], box) > 0.3 else None)
cols = 3; per = 24
for s in range(0, len(tiles), per):
    group = tiles[s:s+per]; rows = math.ceil(len(group)/cols)
    sheet = Image.new('RGB', (cols*(3*S+8), rows*(S+30)), 'gray')
    for t, row in enumerate(group): sheet.paste(row, ((t % cols)*(3*S+8), (t//cols)*(S+30)))
    sheet.save(os.path.join(OUT, 'sheet%02d.png' % (s//per)))
json.dump(caps, open(os.path.join(OUT,'caps.json'),'w')); json.dump(places, open(os.path.join(OUT,'places.json'),'w'))
print(len(tiles), 'tiles')

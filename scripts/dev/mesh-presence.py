#!/usr/bin/env python3
"""What a face-mesh presence gate would cost and bring (issue #40, "not a face"): the mesh's
presence on each face `detect --json` found in ../shared's WIDER dev split (the crop as
FaceMesher makes it: 1.5 times the box at the landmarks' roll, and turned 180, the higher
kept), and how many labelled faces (IoU >= 0.4) and unlabelled detections each gate would drop.

usage: facesticker detect --json ../shared/data/wider-dev/images/*/*.jpg > det.jsonl
       /usr/bin/python3 scripts/dev/mesh-presence.py det.jsonl      (Debian's python3-opencv)"""
import sys, os, json, math, cv2, numpy as np
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '../..')
net = cv2.dnn.readNetFromONNX(os.path.join(root, 'models/face_landmark.onnx'))
names = net.getUnconnectedOutLayersNames()
def presence(img, box, roll, extra=0):
    x, y, w, h = box; side = max(w, h) * 1.5; cx, cy = x + w / 2, y + h / 2
    a = math.radians(roll + extra); s = side / 192
    # crop->image: translate(-96) scale(s) rotate(a) translate(c); we need image->crop
    c, si = math.cos(a), math.sin(a)
    M = np.array([[c * s, -si * s, cx - 96 * s * c + 96 * s * si], [si * s, c * s, cy - 96 * s * si - 96 * s * c]])
    Minv = cv2.invertAffineTransform(M)
    crop = cv2.warpAffine(img, Minv, (192, 192), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
    net.setInput(cv2.dnn.blobFromImage(crop, 1 / 255, (192, 192), swapRB=True))
    outs = net.forward(names)
    logit = [o for o in outs if o.size == 1][0].item()
    return 1 / (1 + math.exp(-logit))
gt = {}
lines = open(os.path.join(root, '../shared/data/wider-dev/wider_face_gt.txt')).read().split('\n'); i = 0
while i < len(lines) and lines[i].strip():
    name = lines[i]; n = int(lines[i + 1]); rows = lines[i + 2:i + 2 + max(n, 1)]; i += 2 + max(n, 1)
    gt[name.split('/')[-1]] = [list(map(float, r.split()[:4])) for r in rows if len(r.split()) >= 10]
def iou(a, b):
    ix = max(0, min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])); iy = max(0, min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]))
    u = a[2] * a[3] + b[2] * b[3] - ix * iy; return ix * iy / u if u > 0 else 0
rows = []
for l in open(sys.argv[1]):
    j = json.loads(l); img = cv2.imread(j['path']); name = j['path'].split('/')[-1]
    for f in j['faces']:
        L = f['landmarks']
        if not L: continue
        roll = math.degrees(math.atan2(L[1][1] - L[0][1], L[1][0] - L[0][0]))
        p = max(presence(img, f['box'], roll), presence(img, f['box'], roll, 180))
        m = max((iou(f['box'], g) for g in gt.get(name, [])), default=0)
        rows.append((p, m >= 0.4, min(f['box'][2:]), name, f['box']))
for lo in (20, 30):
    sel = [r for r in rows if r[2] >= lo]
    for th in (0.001, 0.01, 0.05, 0.1, 0.2):
        tp = sum(1 for r in sel if r[1] and r[0] < th); fp = sum(1 for r in sel if not r[1] and r[0] < th)
        print('faces >= %d px: presence < %.3f drops %d labelled of %d, %d unlabelled of %d' % (lo, th, tp, sum(r[1] for r in sel), fp, sum(not r[1] for r in sel)))

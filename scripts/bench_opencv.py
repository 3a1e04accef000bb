#!/usr/bin/python3
"""Baseline for `make bench`: OpenCV's own detectors called directly from
Debian's python3-opencv, with the same settings and the same downscaling as
FaceSticker's defaults, so the benchmark can print our wrapper's overhead as a
ratio. Writes one JSON object: per detector, per image, the detections and the
seconds spent detecting (image decoding excluded, as on our side).

usage: bench_opencv.py --models DIR --out FILE IMAGE...
"""
import argparse
import json
import math
import time

import cv2
import numpy as np

HAAR = "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml"


def downscale(img, max_side):
    h, w = img.shape[:2]
    if max_side <= 0 or max(w, h) <= max_side:
        return img, 1.0, 1.0
    s = max_side / max(w, h)
    nw, nh = max(1, round(w * s)), max(1, round(h * s))
    return cv2.resize(img, (nw, nh), interpolation=cv2.INTER_AREA), w / nw, h / nh


class Haar:
    max_side = 1024

    def __init__(self, models):
        self.cascade = cv2.CascadeClassifier(HAAR)

    def detect(self, img):
        grey = cv2.equalizeHist(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY))
        boxes, counts = self.cascade.detectMultiScale2(grey, scaleFactor=1.1, minNeighbors=5, minSize=(24, 24))
        return [(list(map(float, b)), n / (n + 10.0)) for b, n in zip(boxes, counts)]


class YuNet:
    max_side = 640

    def __init__(self, models):
        self.path = f"{models}/face_detection_yunet_2022mar.onnx"
        self.size = None

    def detect(self, img):
        h, w = img.shape[:2]
        if self.size != (w, h):  # one input size per network, as on our side
            self.net = cv2.FaceDetectorYN.create(self.path, "", (w, h), 0.5, 0.3, 5000)
            self.size = (w, h)
        _, rows = self.net.detect(img)
        return [] if rows is None else [(list(map(float, r[:4])), float(r[14])) for r in rows]


class CenterFace:
    max_side = 640

    def __init__(self, models):
        self.model = f"{models}/centerface.onnx"
        self.size = None

    def detect(self, img):
        h, w = img.shape[:2]
        W, H = math.ceil(w / 32) * 32, math.ceil(h / 32) * 32
        if self.size != (W, H):
            self.net = cv2.dnn.readNetFromONNX(self.model)
            self.size = (W, H)
        padded = cv2.copyMakeBorder(img, 0, H - h, 0, W - w, cv2.BORDER_CONSTANT, value=0)
        self.net.setInput(cv2.dnn.blobFromImage(padded, 1.0, (W, H), (0, 0, 0), swapRB=True, crop=False))
        heat, scale, offset, _ = self.net.forward(self.net.getUnconnectedOutLayersNames())
        ys, xs = np.where(heat[0, 0] > 0.5)
        boxes, scores = [], []
        for y, x in zip(ys, xs):
            bh, bw = math.exp(scale[0, 0, y, x]) * 4, math.exp(scale[0, 1, y, x]) * 4
            cy, cx = (y + offset[0, 0, y, x] + 0.5) * 4, (x + offset[0, 1, y, x] + 0.5) * 4
            x0, y0 = min(max(cx - bw / 2, 0), w), min(max(cy - bh / 2, 0), h)
            boxes.append([x0, y0, min(x0 + bw, w) - x0, min(y0 + bh, h) - y0])
            scores.append(float(heat[0, 0, y, x]))
        keep = cv2.dnn.NMSBoxes(boxes, scores, 0.5, 0.3) if boxes else []
        return [(boxes[i], scores[i]) for i in np.array(keep).flatten()]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--models", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--detectors", default="yunet,centerface,haar")
    parser.add_argument("images", nargs="+")
    args = parser.parse_args()
    kinds = {"haar": Haar, "yunet": YuNet, "centerface": CenterFace}
    images = [(p, cv2.imread(p, cv2.IMREAD_COLOR)) for p in args.images]
    result = {}
    for name in args.detectors.split(","):
        detector = kinds[name](args.models)
        per_image = []
        for path, img in images:
            start = time.perf_counter()
            small, sx, sy = downscale(img, detector.max_side)
            faces = detector.detect(small)
            seconds = time.perf_counter() - start
            faces = [{"box": [b[0] * sx, b[1] * sy, b[2] * sx, b[3] * sy], "score": s} for b, s in faces]
            per_image.append({"path": path, "seconds": seconds, "faces": faces})
        result[name] = per_image
    with open(args.out, "w") as f:
        json.dump(result, f)


if __name__ == "__main__":
    main()

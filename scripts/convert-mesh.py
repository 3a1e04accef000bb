"""Converts MediaPipe's face landmark TFLite model to ONNX (opset 11) for
OpenCV 4.6's cv::dnn, which reads no TFLite. Run by scripts/setup.sh with its
pinned wheels. tflite2onnx writes the initializers and value_info in an order
that changes from run to run, so both are sorted by name: the same input then
gives the same bytes, which setup.sh checks by sha256.

    convert-mesh.py face_landmark.tflite face_landmark.onnx
"""
import sys

import onnx
import tflite2onnx

source, target = sys.argv[1], sys.argv[2]
raw = source + ".onnx"
tflite2onnx.convert(source, raw)
model = onnx.load(raw)
graph = model.graph
for field in (graph.initializer, graph.value_info):
    ordered = sorted(field, key=lambda item: item.name)
    del field[:]
    field.extend(ordered)
onnx.save(model, target)

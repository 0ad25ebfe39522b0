#!/usr/bin/env python3
"""Reference object detection, the way people usually run these models: onnxruntime + numpy (Pillow to decode).

`beacon bench detect` runs this side by side with Beacon and compares boxes and timings. It follows the same
published pre- and post-processing rules as Beacon (see shared/models/PROVENANCE.md), written with numpy:
bilinear resize with half-pixel centres (OpenCV's INTER_LINEAR), letterbox with 114 grey, YOLOX raw-grid decoding
or Ultralytics [1, 84, N] decoding, best class per anchor, class-aware greedy NMS. PP-PicoDet exports (8 outputs:
score maps then box-distribution maps for strides 8-64) are resized to fill the input, normalised with
PaddleDetection's mean and std, and decoded as distributions: softmax over the bins of each side, expectation times
the stride, distances from the cell centre.

Prints one JSON object: {"images": [{"path", "width", "height", "detections": [...], "timings": {...}}], ...}.
"""
import argparse
import ast
import json
import statistics
import sys
import time

import numpy as np
import onnxruntime as ort
from PIL import Image

from reference_resize import resize_bilinear

STRIDES = (8, 16, 32)
# PaddleDetection's normalisation for PicoDet, in the R, G, B order of the decoded image.
PICODET_MEAN = np.array([123.675, 116.28, 103.53], dtype=np.float32)
PICODET_STD = np.array([58.395, 57.12, 57.375], dtype=np.float32)


def load_session(model, threads, spinning):
    ort.set_default_logger_severity(3)  # PicoDet's graph makes ONNX Runtime warn about unused initializers
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.add_session_config_entry("session.intra_op.allow_spinning", "1" if spinning else "0")
    return ort.InferenceSession(model, options, providers=["CPUExecutionProvider"])


def model_format(session):
    inp = session.get_inputs()[0]
    if len(session.get_outputs()) > 1:
        return "picodet", inp.shape[3] if isinstance(inp.shape[3], int) else 416, \
            inp.shape[2] if isinstance(inp.shape[2], int) else 416
    out = session.get_outputs()[0]
    names = session.get_modelmeta().custom_metadata_map.get("names")
    ultralytics = names is not None or (out.shape[1] > 4 and out.shape[1] < out.shape[2])
    h = inp.shape[2] if isinstance(inp.shape[2], int) else (640 if ultralytics else 416)
    w = inp.shape[3] if isinstance(inp.shape[3], int) else (640 if ultralytics else 416)
    return ("ultralytics" if ultralytics else "yolox"), w, h


def preprocess(image, family, w, h):
    ih, iw = image.shape[:2]
    if family == "picodet":
        resized = (resize_bilinear(image, w, h) - PICODET_MEAN) / PICODET_STD
        tensor = resized[:, :, ::-1]  # BGR
        return np.ascontiguousarray(tensor.transpose(2, 0, 1)[None], dtype=np.float32), (w / iw, h / ih), 0, 0
    r = min(w / iw, h / ih)
    nw, nh = min(w, max(1, int(round(iw * r)))), min(h, max(1, int(round(ih * r))))
    resized = resize_bilinear(image, nw, nh)
    canvas = np.full((h, w, 3), 114, dtype=np.float32)
    if family == "yolox":
        left, top = 0, 0
    else:
        left, top = int(round((w - nw) / 2 - 0.1)), int(round((h - nh) / 2 - 0.1))
    canvas[top:top + nh, left:left + nw] = resized
    if family == "yolox":
        tensor = canvas[:, :, ::-1]  # BGR, 0-255
    else:
        tensor = canvas / 255.0
    return np.ascontiguousarray(tensor.transpose(2, 0, 1)[None], dtype=np.float32), r, left, top


def decode_picodet(outputs, w, h, ratios, iw, ih, threshold):
    levels = len(outputs) // 2
    all_boxes, all_scores, all_classes = [], [], []
    for index in range(levels):
        scores, dist = outputs[index][0], outputs[levels + index][0]
        s = 8 << index
        columns = (w + s - 1) // s
        bins = dist.shape[1] // 4
        cls = np.argmax(scores, axis=1)
        best = scores[np.arange(len(scores)), cls]
        keep = best >= threshold
        cells = np.nonzero(keep)[0]
        logits = dist[keep].reshape(-1, 4, bins)
        e = np.exp(logits - logits.max(axis=2, keepdims=True))
        sides = (e * np.arange(bins, dtype=np.float32)).sum(axis=2) / e.sum(axis=2) * np.float32(s)
        cx = (cells % columns).astype(np.float32) * s + (s - 1) / 2
        cy = (cells // columns).astype(np.float32) * s + (s - 1) / 2
        boxes = np.stack([cx - sides[:, 0], cy - sides[:, 1], cx + sides[:, 2], cy + sides[:, 3]], axis=1)
        all_boxes.append(boxes)
        all_scores.append(best[keep])
        all_classes.append(cls[keep])
    boxes = np.concatenate(all_boxes).astype(np.float32)
    boxes[:, [0, 2]] = np.clip(boxes[:, [0, 2]] / np.float32(ratios[0]), 0, iw)
    boxes[:, [1, 3]] = np.clip(boxes[:, [1, 3]] / np.float32(ratios[1]), 0, ih)
    return boxes, np.concatenate(all_scores), np.concatenate(all_classes)


def decode(outputs, family, w, h, r, left, top, iw, ih, threshold):
    if family == "picodet":
        return decode_picodet(outputs, w, h, r, iw, ih, threshold)
    output = outputs[0]
    if family == "yolox":
        pred = output[0]
        grids, strides = [], []
        for s in STRIDES:
            gy, gx = np.meshgrid(np.arange(h // s), np.arange(w // s), indexing="ij")
            grids.append(np.stack([gx, gy], axis=-1).reshape(-1, 2))
            strides.append(np.full((grids[-1].shape[0], 1), s))
        grid = np.concatenate(grids).astype(np.float32)
        stride = np.concatenate(strides).astype(np.float32)
        cxcy = (pred[:, :2] + grid) * stride
        wh = np.exp(pred[:, 2:4]) * stride
        cls = np.argmax(pred[:, 5:], axis=1)
        scores = pred[:, 4] * pred[np.arange(len(pred)), 5 + cls]
    else:
        pred = output[0].T
        cxcy, wh = pred[:, :2], pred[:, 2:4]
        cls = np.argmax(pred[:, 4:], axis=1)
        scores = pred[np.arange(len(pred)), 4 + cls]
    keep = scores >= threshold
    cxcy, wh, cls, scores = cxcy[keep], wh[keep], cls[keep], scores[keep]
    boxes = np.concatenate([cxcy - wh / 2, cxcy + wh / 2], axis=1)
    boxes[:, [0, 2]] = np.clip((boxes[:, [0, 2]] - left) / r, 0, iw)
    boxes[:, [1, 3]] = np.clip((boxes[:, [1, 3]] - top) / r, 0, ih)
    return boxes, scores, cls


def nms(boxes, scores, classes, iou_threshold, limit=1000):
    order = np.argsort(-scores, kind="stable")[:limit]
    kept = []
    for i in order:
        ok = True
        for j in kept:
            if classes[j] != classes[i]:
                continue
            xx1, yy1 = max(boxes[i, 0], boxes[j, 0]), max(boxes[i, 1], boxes[j, 1])
            xx2, yy2 = min(boxes[i, 2], boxes[j, 2]), min(boxes[i, 3], boxes[j, 3])
            inter = max(0.0, xx2 - xx1) * max(0.0, yy2 - yy1)
            a = (boxes[i, 2] - boxes[i, 0]) * (boxes[i, 3] - boxes[i, 1])
            b = (boxes[j, 2] - boxes[j, 0]) * (boxes[j, 3] - boxes[j, 1])
            if inter > 0 and inter / (a + b - inter) > iou_threshold:
                ok = False
                break
        if ok:
            kept.append(i)
    return kept


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model")
    parser.add_argument("images", nargs="+")
    parser.add_argument("--runs", type=int, default=1, help="timed runs per image")
    parser.add_argument("--warmup", type=int, default=0, help="untimed runs per image before the timed ones")
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--spinning", action="store_true")
    parser.add_argument("--confidence", type=float, default=0.5)
    parser.add_argument("--iou", type=float, default=0.45)
    args = parser.parse_args()

    session = load_session(args.model, args.threads, args.spinning)
    family, w, h = model_format(session)
    names = session.get_modelmeta().custom_metadata_map.get("names")
    labels = [v for _, v in sorted(ast.literal_eval(names).items())] if names else None
    input_name = session.get_inputs()[0].name
    results = []
    for path in args.images:
        stages = {"decode": [], "preprocess": [], "inference": [], "postprocess": [], "total": []}
        for run in range(args.warmup + max(1, args.runs)):
            t0 = time.perf_counter()
            image = np.asarray(Image.open(path).convert("RGB"))
            t1 = time.perf_counter()
            tensor, r, left, top = preprocess(image, family, w, h)
            t2 = time.perf_counter()
            outputs = session.run(None, {input_name: tensor})
            t3 = time.perf_counter()
            boxes, scores, classes = decode(outputs, family, w, h, r, left, top, image.shape[1], image.shape[0],
                                            args.confidence)
            kept = nms(boxes, scores, classes, args.iou)
            t4 = time.perf_counter()
            if run < args.warmup:
                continue
            for key, value in zip(stages, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t4 - t0)):
                stages[key].append(value * 1000)
        detections = [{
            "classIndex": int(classes[i]),
            "label": labels[int(classes[i])] if labels else None,
            "confidence": float(scores[i]),
            "box": [float(v) for v in boxes[i]],
        } for i in kept]
        results.append({
            "path": path, "width": int(image.shape[1]), "height": int(image.shape[0]),
            "detections": detections,
            "samples": stages,
            "timings": {k: {"median": statistics.median(v), "p95": sorted(v)[round(0.95 * (len(v) - 1))]}
                        for k, v in stages.items()},
        })
    json.dump({"family": family, "inputWidth": w, "inputHeight": h, "images": results}, sys.stdout)
    print()


if __name__ == "__main__":
    main()

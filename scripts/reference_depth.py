#!/usr/bin/env python3
"""Reference monocular depth, the way people usually run the model: onnxruntime + numpy (Pillow to decode).

`beacon bench depth` runs this side by side with Beacon and compares timings and the depth it gives. Same rules as
Beacon (see shared/models/PROVENANCE.md, FastDepth): the whole picture resized to the model's input (bilinear with
half-pixel centres, rounded to bytes), uint8 NHWC RGB in, uint8 out, metres = value x 0.07169981.

Prints one JSON object: {"images": [{"path", "width", "height", "steps": [...], "samples": {...}}]}; "steps" is the
raw uint8 output, row by row, so Beacon can count the pixels that differ.
"""
import argparse
import json
import sys
import time

import numpy as np
import onnxruntime as ort
from PIL import Image

from reference_resize import resize_bilinear


def load_session(model, threads):
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return ort.InferenceSession(model, options, providers=["CPUExecutionProvider"])


def preprocess(image, width, height):
    resized = resize_bilinear(image, width, height)
    return np.clip(np.floor(resized + 0.5), 0, 255).astype(np.uint8)[None]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("model")
    parser.add_argument("images", nargs="+")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--threads", type=int, default=0)
    args = parser.parse_args()

    session = load_session(args.model, args.threads)
    spec = session.get_inputs()[0]
    _, height, width, _ = spec.shape
    output_name = session.get_outputs()[0].name
    results = []
    for path in args.images:
        samples = {"decode": [], "preprocess": [], "inference": [], "total": []}
        steps = None
        for run in range(args.warmup + args.runs):
            t0 = time.perf_counter()
            image = np.asarray(Image.open(path).convert("RGB"))
            t1 = time.perf_counter()
            tensor = preprocess(image, width, height)
            t2 = time.perf_counter()
            output = session.run([output_name], {spec.name: tensor})[0]
            t3 = time.perf_counter()
            steps = output.reshape(-1)
            if run >= args.warmup:
                samples["decode"].append(t1 - t0)
                samples["preprocess"].append(t2 - t1)
                samples["inference"].append(t3 - t2)
                samples["total"].append(t3 - t1)
        results.append({"path": path, "width": int(image.shape[1]), "height": int(image.shape[0]),
                        "steps": [int(v) for v in steps], "samples": samples})
    json.dump({"images": results}, sys.stdout)


if __name__ == "__main__":
    main()

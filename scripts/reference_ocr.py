#!/usr/bin/env python3
"""Reference PP-OCR text reading with onnxruntime + numpy (Pillow only to decode images).

`beacon bench ocr` and the text-recognition tests run this side by side with Beacon's PP-OCR engine
(Sources/BeaconVision/Text/) and compare texts and timings. It is the same algorithm written with numpy:

- detection: bilinear resize (half-pixel centres) to sides that are multiples of 32, long side at most
  --max-side, small images enlarged until the short side reaches --min-side; RGB/255, ImageNet mean and std;
  DB post-processing: binarise at 0.3, 8-connected components from row runs, convex hull of the run ends,
  minimum-area rectangle by rotating calipers, score = mean probability inside the rectangle, unclip by
  area * 1.6 / perimeter, map back to the image, reading order;
- crops: a perspective warp (bilinear, edge pixels repeated) of each quad straight to the classifier's and the
  recogniser's input height of 48, turned a quarter when the quad is 1.5 times taller than wide;
- angle classifier (48x192, flip when 180 degrees is more likely than 0.9), recogniser (height 48, width by aspect
  ratio, batches of 6 by width, right-padded with 0), CTC greedy decoding with the model's dictionary, lines below
  the confidence floor dropped.

Prints one JSON object: {"images": [{"path", "width", "height", "lines": [{"text", "confidence", "quad"}],
"samples": {stage: [ms, ...]}}]}; "cpu" is the process's CPU time over all threads.
"""
import argparse
import json
import math
import statistics
import sys
import time

import numpy as np
import onnxruntime as ort
from PIL import Image

from reference_resize import resize_bilinear

MEAN = np.array([0.485, 0.456, 0.406], dtype=np.float32)
STD = np.array([0.229, 0.224, 0.225], dtype=np.float32)
BINARY_THRESHOLD = 0.3
BOX_THRESHOLD = 0.6
UNCLIP_RATIO = 1.6
MIN_SIZE = 3.0
MAX_CANDIDATES = 1000
LINE_HEIGHT = 48
CLS_WIDTH = 192
CLS_FLIP_SCORE = 0.9
REC_BATCH = 6
REC_MIN_WIDTH = 320


def load_session(model, threads):
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return ort.InferenceSession(model, options, providers=["CPUExecutionProvider"])


# ---------------------------------------------------------------- detection

def detection_size(width, height, max_side, min_side):
    """The detector's input size: sides multiples of 32, long side at most max_side, short side enlarged to
    min_side when the image is small (small print needs the pixels), never past max_side."""
    scale = 1.0
    if max(width, height) > max_side:
        scale = max_side / max(width, height)
    elif min(width, height) < min_side:
        scale = min(min_side / min(width, height), max_side / max(width, height))
    w = max(32, int(round(width * scale / 32)) * 32)
    h = max(32, int(round(height * scale / 32)) * 32)
    return w, h


def detection_tensor(image, w, h):
    resized = resize_bilinear(image, w, h)
    normalized = (resized / np.float32(255) - MEAN) / STD
    return np.ascontiguousarray(normalized.transpose(2, 0, 1)[None], dtype=np.float32)


def row_runs(bitmap):
    """Runs of set pixels per row: (y, start, end) with end inclusive, in row-major order."""
    padded = np.zeros((bitmap.shape[0], bitmap.shape[1] + 2), dtype=np.int8)
    padded[:, 1:-1] = bitmap
    diff = np.diff(padded, axis=1)
    ys, starts = np.nonzero(diff == 1)
    _, ends = np.nonzero(diff == -1)
    return ys, starts, ends - 1


def components(bitmap):
    """8-connected components as lists of run indices, ordered by their first run."""
    ys, starts, ends = row_runs(bitmap)
    count = len(ys)
    parent = list(range(count))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    row_first = {}
    for i in range(count - 1, -1, -1):
        row_first[int(ys[i])] = i
    previous_start, previous_end = 0, 0  # run index range of the row above
    current_y = -2
    for i in range(count):
        y = int(ys[i])
        if y != current_y:
            if y == current_y + 1:
                previous_start, previous_end = row_first[current_y], i
            else:
                previous_start, previous_end = i, i
            current_y = y
        j = previous_start
        while j < previous_end:
            if ends[j] >= starts[i] - 1 and starts[j] <= ends[i] + 1:
                a, b = find(i), find(j)
                if a != b:
                    parent[max(a, b)] = min(a, b)
            if starts[j] > ends[i] + 1:
                break
            j += 1
    groups = {}
    for i in range(count):
        groups.setdefault(find(i), []).append(i)
    return [groups[root] for root in sorted(groups)], ys, starts, ends


def convex_hull(points):
    """Andrew's monotone chain over integer points; counter-clockwise in image coordinates, collinear points dropped."""
    points = sorted(set(points))
    if len(points) < 3:
        return points

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for p in points:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(points):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def min_area_rect(hull):
    """(centre x, centre y, ux, uy, length along u, length across u) of the smallest rectangle around the hull."""
    best = None
    n = len(hull)
    for i in range(n):
        ax, ay = hull[i]
        bx, by = hull[(i + 1) % n]
        length = math.hypot(bx - ax, by - ay)
        if length == 0:
            continue
        ux, uy = (bx - ax) / length, (by - ay) / length
        s_min = s_max = t_min = t_max = None
        for px, py in hull:
            s = px * ux + py * uy
            t = -px * uy + py * ux
            s_min = s if s_min is None or s < s_min else s_min
            s_max = s if s_max is None or s > s_max else s_max
            t_min = t if t_min is None or t < t_min else t_min
            t_max = t if t_max is None or t > t_max else t_max
        area = (s_max - s_min) * (t_max - t_min)
        if best is None or area < best[0]:
            s_mid, t_mid = (s_min + s_max) / 2, (t_min + t_max) / 2
            best = (area, (s_mid * ux - t_mid * uy, s_mid * uy + t_mid * ux, ux, uy, s_max - s_min, t_max - t_min))
    return best[1] if best else None


def rect_corners(rect, grow=0.0):
    cx, cy, ux, uy, length, across = rect
    hl, ha = length / 2 + grow, across / 2 + grow
    vx, vy = -uy, ux
    return [(cx + sx * hl * ux + sy * ha * vx, cy + sx * hl * uy + sy * ha * vy)
            for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]


def order_corners(points):
    """Top-left, top-right, bottom-right, bottom-left: the two leftmost points are the left side, the higher of
    each side its top."""
    by_x = sorted(points, key=lambda p: (p[0], p[1]))
    left, right = by_x[:2], by_x[2:]
    top_left, bottom_left = (left[0], left[1]) if left[0][1] <= left[1][1] else (left[1], left[0])
    top_right, bottom_right = (right[0], right[1]) if right[0][1] <= right[1][1] else (right[1], right[0])
    return [top_left, top_right, bottom_right, bottom_left]


def mean_inside(prob, corners):
    """Mean probability over the pixels whose position lies inside the convex quad."""
    h, w = prob.shape
    xs = [p[0] for p in corners]
    ys = [p[1] for p in corners]
    x0, x1 = max(0, math.floor(min(xs))), min(w - 1, math.ceil(max(xs)))
    y0, y1 = max(0, math.floor(min(ys))), min(h - 1, math.ceil(max(ys)))
    if x1 < x0 or y1 < y0:
        return 0.0
    gx, gy = np.meshgrid(np.arange(x0, x1 + 1, dtype=np.float64), np.arange(y0, y1 + 1, dtype=np.float64))
    inside = np.ones(gx.shape, dtype=bool)
    sign = None
    for i in range(4):
        ax, ay = corners[i]
        bx, by = corners[(i + 1) % 4]
        cross = (bx - ax) * (gy - ay) - (by - ay) * (gx - ax)
        edge_sign = 1.0 if ((bx - ax) * (corners[(i + 2) % 4][1] - ay) - (by - ay) * (corners[(i + 2) % 4][0] - ax)) >= 0 else -1.0
        inside &= cross * edge_sign >= -1e-9
    count = int(inside.sum())
    if count == 0:
        return 0.0
    return float(prob[y0:y1 + 1, x0:x1 + 1][inside].astype(np.float64).sum() / count)


def db_boxes(prob, image_w, image_h):
    """Quads (top-left, top-right, bottom-right, bottom-left) in image pixels from the probability map."""
    h, w = prob.shape
    groups, ys, starts, ends = components(prob > BINARY_THRESHOLD)
    quads = []
    for runs in groups[:MAX_CANDIDATES]:
        points = [(int(starts[i]), int(ys[i])) for i in runs] + [(int(ends[i]), int(ys[i])) for i in runs]
        hull = convex_hull(points)
        if len(hull) < 3:
            continue
        rect = min_area_rect(hull)
        if rect is None or min(rect[4], rect[5]) < MIN_SIZE:
            continue
        if mean_inside(prob, rect_corners(rect)) < BOX_THRESHOLD:
            continue
        distance = rect[4] * rect[5] * UNCLIP_RATIO / (2 * (rect[4] + rect[5]))
        if min(rect[4], rect[5]) + 2 * distance < MIN_SIZE + 2:
            continue
        sx, sy = image_w / w, image_h / h
        corners = [(min(max(x * sx, 0.0), float(image_w)), min(max(y * sy, 0.0), float(image_h)))
                   for x, y in rect_corners(rect, grow=distance)]
        quad = order_corners(corners)
        if min(math.dist(quad[0], quad[1]), math.dist(quad[0], quad[3])) <= 3:
            continue
        quads.append(quad)
    return reading_order(quads)


def reading_order(quads):
    """Top to bottom by the top-left corner; neighbours on one line (tops closer than half the lower height)
    left to right."""
    quads = sorted(quads, key=lambda q: (q[0][1], q[0][0]))

    def height(q):
        return math.dist(q[0], q[3])

    for i in range(len(quads) - 1):
        j = i
        while j >= 0:
            a, b = quads[j], quads[j + 1]
            if abs(b[0][1] - a[0][1]) < 0.5 * min(height(a), height(b)) and b[0][0] < a[0][0]:
                quads[j], quads[j + 1] = b, a
                j -= 1
            else:
                break
    return quads


# ---------------------------------------------------------------- crops

def upright(quad):
    """The quad turned a quarter when it is much taller than wide, so its text runs left to right."""
    width = max(math.dist(quad[0], quad[1]), math.dist(quad[3], quad[2]))
    height = max(math.dist(quad[0], quad[3]), math.dist(quad[1], quad[2]))
    if width > 0 and height / width >= 1.5:
        return [quad[1], quad[2], quad[3], quad[0]]
    return quad


def aspect(quad):
    width = max(math.dist(quad[0], quad[1]), math.dist(quad[3], quad[2]))
    height = max(math.dist(quad[0], quad[3]), math.dist(quad[1], quad[2]))
    return width / max(height, 1e-9)


def homography(quad, w, h):
    """The 3x3 matrix taking strip pixel (u, v) to image point, the strip's corners to the quad's."""
    dst = [(0.0, 0.0), (float(w), 0.0), (float(w), float(h)), (0.0, float(h))]
    a = np.zeros((8, 8))
    b = np.zeros(8)
    for i, ((u, v), (x, y)) in enumerate(zip(dst, quad)):
        a[2 * i] = [u, v, 1, 0, 0, 0, -u * x, -v * x]
        a[2 * i + 1] = [0, 0, 0, u, v, 1, -u * y, -v * y]
        b[2 * i], b[2 * i + 1] = x, y
    m = np.linalg.solve(a, b)
    return np.append(m, 1.0).reshape(3, 3)


def warp(image, quad, w, h):
    """The quad sampled into a w x h float32 strip, bilinear, edge pixels repeated."""
    m = homography(quad, w, h)
    u, v = np.meshgrid(np.arange(w, dtype=np.float64), np.arange(h, dtype=np.float64))
    d = m[2, 0] * u + m[2, 1] * v + m[2, 2]
    sx = (m[0, 0] * u + m[0, 1] * v + m[0, 2]) / d
    sy = (m[1, 0] * u + m[1, 1] * v + m[1, 2]) / d
    ih, iw = image.shape[:2]
    x0 = np.floor(sx)
    y0 = np.floor(sy)
    fx = (sx - x0).astype(np.float32)[..., None]
    fy = (sy - y0).astype(np.float32)[..., None]
    x0 = x0.astype(np.int64)
    y0 = y0.astype(np.int64)
    x1 = np.clip(x0 + 1, 0, iw - 1)
    y1 = np.clip(y0 + 1, 0, ih - 1)
    x0 = np.clip(x0, 0, iw - 1)
    y0 = np.clip(y0, 0, ih - 1)
    img = image.astype(np.float32)
    top = img[y0, x0] * (1 - fx) + img[y0, x1] * fx
    bottom = img[y1, x0] * (1 - fx) + img[y1, x1] * fx
    return top * (1 - fy) + bottom * fy


def strip_tensor(strip, width):
    """(x/255 - 0.5)/0.5 in CHW, right-padded with 0 to `width`."""
    out = np.zeros((3, LINE_HEIGHT, width), dtype=np.float32)
    out[:, :, :strip.shape[1]] = ((strip / np.float32(255) - np.float32(0.5)) / np.float32(0.5)).transpose(2, 0, 1)
    return out


# ---------------------------------------------------------------- recognition

def ctc_decode(probs, characters):
    """Greedy CTC over [T, classes]: text, the emitted characters' time steps and probabilities."""
    best = probs.argmax(axis=1)
    text, steps, scores = [], [], []
    previous = 0
    for t, index in enumerate(best):
        index = int(index)
        if index != 0 and index != previous:
            text.append(characters[index - 1] if index - 1 < len(characters) else " ")
            steps.append(t)
            scores.append(float(probs[t, index]))
        previous = index
    return "".join(text), steps, scores


def read(image, sessions, characters, args, timings):
    det, cls, rec = sessions
    h, w = image.shape[:2]
    cpu0 = time.process_time()
    t0 = time.perf_counter()
    dw, dh = detection_size(w, h, args.max_side, args.min_side)
    prob = det.run(None, {"x": detection_tensor(image, dw, dh)})[0][0, 0]
    quads = [upright(q) for q in db_boxes(prob, w, h)]
    t1 = time.perf_counter()

    widths = [max(1, math.ceil(LINE_HEIGHT * aspect(q))) for q in quads]
    # The classifier alone misjudges grey, low-resolution print, so a line it calls upside down is read both ways
    # and the recogniser's confidence decides.
    candidates = [(i, q) for i, q in enumerate(quads)]
    if args.classify and quads:
        batch = np.stack([strip_tensor(warp(image, q, min(CLS_WIDTH, rw), LINE_HEIGHT), CLS_WIDTH)
                          for q, rw in zip(quads, widths)])
        angles = cls.run(None, {"x": batch})[0]
        candidates += [(i, [q[2], q[3], q[0], q[1]]) for i, (q, a) in enumerate(zip(quads, angles))
                       if a[1] > CLS_FLIP_SCORE]
    t2 = time.perf_counter()

    order = sorted(range(len(candidates)), key=lambda c: widths[candidates[c][0]])
    results = [None] * len(quads)
    for b in range(0, len(order), REC_BATCH):
        members = order[b:b + REC_BATCH]
        batch_width = max(REC_MIN_WIDTH, max(widths[candidates[c][0]] for c in members))
        batch = np.stack([strip_tensor(warp(image, candidates[c][1], widths[candidates[c][0]], LINE_HEIGHT), batch_width)
                          for c in members])
        output = rec.run(None, {"x": batch})[0]
        for k, c in enumerate(members):
            i, quad = candidates[c]
            text, steps, scores = ctc_decode(output[k], characters)
            confidence = float(np.mean(scores)) if scores else 0.0
            if results[i] is None or confidence > results[i][1] or (confidence == results[i][1] and c < results[i][3]):
                results[i] = (text, confidence, quad, c)
    t3 = time.perf_counter()
    timings["detection"].append((t1 - t0) * 1000)
    timings["classification"].append((t2 - t1) * 1000)
    timings["recognition"].append((t3 - t2) * 1000)
    timings["total"].append((t3 - t0) * 1000)
    timings["cpu"].append((time.process_time() - cpu0) * 1000)
    lines = []
    for text, confidence, q, _ in results:
        text = text.strip()
        if text and confidence >= args.min_confidence:
            lines.append({"text": text, "confidence": confidence,
                          "quad": [[float(x) / w, float(y) / h] for x, y in q]})
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("detection")
    parser.add_argument("recognition")
    parser.add_argument("classifier")
    parser.add_argument("images", nargs="+")
    parser.add_argument("--runs", type=int, default=1, help="timed runs per image")
    parser.add_argument("--warmup", type=int, default=0, help="untimed runs per image before the timed ones")
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--max-side", type=int, default=960)
    parser.add_argument("--min-side", type=int, default=640)
    parser.add_argument("--min-confidence", type=float, default=0.8)
    parser.add_argument("--no-classify", dest="classify", action="store_false")
    args = parser.parse_args()

    sessions = (load_session(args.detection, args.threads), load_session(args.classifier, args.threads),
                load_session(args.recognition, args.threads))
    characters = sessions[2].get_modelmeta().custom_metadata_map["character"].split("\n")
    results = []
    for path in args.images:
        image = np.asarray(Image.open(path).convert("RGB"))
        samples = {"detection": [], "classification": [], "recognition": [], "total": [], "cpu": []}
        for run in range(args.warmup + max(1, args.runs)):
            timings = {key: [] for key in samples}
            lines = read(image, sessions, characters, args, timings)
            if run >= args.warmup:
                for key in samples:
                    samples[key] += timings[key]
        results.append({"path": path, "width": int(image.shape[1]), "height": int(image.shape[0]),
                        "lines": lines, "samples": samples,
                        "timings": {k: {"median": statistics.median(v), "p95": sorted(v)[round(0.95 * (len(v) - 1))]}
                                    for k, v in samples.items()}})
    json.dump({"images": results}, sys.stdout, ensure_ascii=False)
    print()


if __name__ == "__main__":
    main()

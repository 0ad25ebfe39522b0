#!/usr/bin/env python3
"""Builds a `beacon bench colour` folder from CORe50's montage, at run time: 71 tiles of real things in real rooms
with the colours a person would name for their middles (scripts/data/core50-montage-colours.csv, labelled by hand).

    python3 scripts/core50_colours.py MONTAGE.jpg OUT
    beacon bench colour OUT

MONTAGE.jpg is CORe50's imgs/output.jpg (gh-pages branch of github.com/vlomonaco/core50, CC BY 4.0; for example
`git -C MIRROR show gh-pages:imgs/output.jpg > montage.jpg`). OUT/colours.csv lists each tile with its colours and
no box, so the bench names the middle of the picture, as "what colour is this" does. Nothing is kept in the
repository: the folder is made where you say, from the montage you have.
"""
import csv
import os
import sys

from PIL import Image


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    montage_path, out = sys.argv[1:]
    labels = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "core50-montage-colours.csv")
    rows = list(csv.DictReader(line for line in open(labels) if not line.startswith("#")))
    montage = Image.open(montage_path)
    if montage.size != (3840, 1280):
        sys.exit(f"{montage_path} is {montage.size[0]}x{montage.size[1]}; CORe50's montage is 3840x1280.")
    if os.path.exists(out):
        sys.exit(f"{out} exists already; give a new folder.")
    os.makedirs(out)
    lines = ["file,colours"]
    for row in rows:
        r, c = map(int, row["tile"][1:].split("c"))
        name = f"core50_tile_{row['tile']}.png"
        montage.crop((128 * c, 128 * r, 128 * c + 128, 128 * r + 128)).save(os.path.join(out, name))
        lines.append(f"{name},{row['colours']}")
    with open(os.path.join(out, "colours.csv"), "w") as file:
        file.write("\n".join(lines) + "\n")
    print(f"{out}: {len(rows)} tiles")


if __name__ == "__main__":
    main()

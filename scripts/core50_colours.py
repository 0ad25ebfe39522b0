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
import os
import sys

from core50_montage import labels, open_montage, refuse_existing, tile


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    montage_path, out = sys.argv[1:]
    rows = labels("core50-montage-colours.csv")
    montage = open_montage(montage_path)
    refuse_existing(out)
    os.makedirs(out)
    lines = ["file,colours"]
    for row in rows:
        name = f"core50_tile_{row['tile']}.png"
        tile(montage, row["tile"]).save(os.path.join(out, name))
        lines.append(f"{name},{row['colours']}")
    with open(os.path.join(out, "colours.csv"), "w") as file:
        file.write("\n".join(lines) + "\n")
    print(f"{out}: {len(rows)} tiles")


if __name__ == "__main__":
    main()

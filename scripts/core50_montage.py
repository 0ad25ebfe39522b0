"""What the CORe50 scripts share: their hand-written labels in scripts/data, CORe50's montage (imgs/output.jpg on the
gh-pages branch of github.com/vlomonaco/core50, CC BY 4.0: 30x10 tiles of 128 px, tile rRcC at x=128*C, y=128*R),
and the new folder each makes."""
import csv
import os
import sys

from PIL import Image

TILE = 128


def labels(name):
    """The rows of scripts/data/NAME, without its comment lines."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", name)
    with open(path) as file:
        return list(csv.DictReader(line for line in file if not line.startswith("#")))


def open_montage(path):
    """The montage, or exit with one sentence when it is not CORe50's."""
    try:
        montage = Image.open(path)
    except OSError as error:
        sys.exit(f"Cannot open the montage {path}: {error.strerror or error}.")
    if montage.size != (30 * TILE, 10 * TILE):
        sys.exit(f"{path} is {montage.size[0]}x{montage.size[1]}; CORe50's montage is 3840x1280.")
    return montage


def tile(montage, name):
    """Tile rRcC of the montage."""
    r, c = map(int, name[1:].split("c"))
    return montage.crop((TILE * c, TILE * r, TILE * c + TILE, TILE * r + TILE))


def refuse_existing(out):
    """Exit with one sentence when the folder to make is there already: nothing of the person's is overwritten."""
    if os.path.exists(out):
        sys.exit(f"{out} exists already; give a new folder.")

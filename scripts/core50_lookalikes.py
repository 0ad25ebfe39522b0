#!/usr/bin/env python3
"""Builds a `beacon bench taught` folder of five look-alike phones from CORe50's montage, at run time.

    python3 scripts/core50_lookalikes.py MONTAGE.jpg ../shared/testdata/taught OUT
    beacon bench taught OUT

MONTAGE.jpg is CORe50's imgs/output.jpg (gh-pages branch of github.com/vlomonaco/core50, CC BY 4.0; for example
`git -C MIRROR show gh-pages:imgs/output.jpg > montage.jpg`). The tiles and which phone each shows are in
scripts/data/core50-lookalike-phones.csv. Each find tile's box is the whole tile: the measure is the name. The
distractors are copied from the taught folder given (or from the distractors folder given, as before), leaving out
any tile that is one of the phones here. Given the taught folder, its two big CORe50 photos are scenes too
(scripts/data/core50-lookalike-photos.csv): three of the phones side by side on a shelf, and one half hidden in a
bag; each is copied into the find folder of every phone it shows, and all_boxes.csv lists them all. Nothing is kept
in the repository: the folder is made where you say, from the montage and the files you have.
"""
import os
import shutil
import sys

from core50_montage import labels, open_montage, refuse_existing, tile


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    montage_path, given, out = sys.argv[1:]
    taught = given if os.path.isdir(os.path.join(given, "distractors")) else None
    distractors = os.path.join(given, "distractors") if taught else given
    rows = labels("core50-lookalike-phones.csv")
    montage = open_montage(montage_path)
    refuse_existing(out)
    boxes = ["file,object,x1,y1,x2,y2"]
    for row in rows:
        folder = os.path.join(out, row["phone"], row["use"])
        os.makedirs(folder, exist_ok=True)
        name = f"core50_tile_{row['tile']}.jpg"
        tile(montage, row["tile"]).save(os.path.join(folder, name), quality=95)
        if row["use"] == "find":
            boxes.append(f"{row['phone']}/find/{name},{row['phone']},0,0,128,128")
    photos = 0
    if taught:
        shown = labels("core50-lookalike-photos.csv")
        for row in shown:
            source = os.path.join(taught, "phone_red_nokia", "find", row["photo"])
            if not os.path.exists(source):
                sys.exit(f"{source} is missing; give ../shared/testdata/taught.")
            folder = os.path.join(out, row["phone"], "find")
            os.makedirs(folder, exist_ok=True)
            shutil.copy(source, os.path.join(folder, row["photo"]))
            photos += 1
            # Every phone the photo shows, under this copy's name.
            for other in shown:
                if other["photo"] == row["photo"]:
                    boxes.append(f"{row['phone']}/find/{row['photo']},{other['phone']},"
                                 f"{other['x1']},{other['y1']},{other['x2']},{other['y2']}")
    with open(os.path.join(out, "all_boxes.csv"), "w") as file:
        file.write("\n".join(boxes) + "\n")
    phones = {f"core50_tile_{row['tile']}.jpg" for row in rows}
    os.makedirs(os.path.join(out, "distractors"))
    for name in sorted(os.listdir(distractors)):
        if name.endswith((".jpg", ".png")) and name not in phones:
            shutil.copy(os.path.join(distractors, name), os.path.join(out, "distractors", name))
    print(f"{out}: {len(set(r['phone'] for r in rows))} phones, "
          f"{sum(r['use'] == 'teach' for r in rows)} teaching views, "
          f"{sum(r['use'] == 'find' for r in rows) + photos} scenes ({photos} of them big photos), "
          f"{len(os.listdir(os.path.join(out, 'distractors')))} distractors")


if __name__ == "__main__":
    main()

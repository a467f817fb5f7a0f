#!/usr/bin/python3
"""Render menu walls: light lettering on a dark brick wall beside dark lettering on a blotched light one.

Usage: render_menu_walls.py OUTDIR [--count N] [--seed N]

Writes OUTDIR/<scene>.jpg and OUTDIR/scenes.json in evaluate.py's format (type "signs"). Neither wall
is an even ground, so neither is a panel: both are read as the rest of the picture is, the menu only
inverted. A case the harness's sign walls (even panels) do not cover; the README's twenty-second stop
measured on six of them (seeds 0-5) why the rest is still read inverted on streets. Needs python3-pil
and the fonts render_scenes.py uses.
"""

import argparse
import json
import os
import random
import sys

from PIL import Image, ImageChops, ImageDraw, ImageFilter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from render_scenes import font  # noqa: E402

W, H = 2048, 1536
DISHES = ["Coffee", "Tea", "Soup of the day", "Fresh bread", "Cake", "Sandwich", "Lemonade", "Hot chocolate",
          "Salad", "Pie", "Muffin", "Bagel"]


def brick_wall(rng, w, h):
    """Dark bricks of uneven shades in lighter mortar, with grain (grey). Not render_scenes.wall: its
    bricks are one shade, an even ground on which a panel can be found."""
    wall = Image.new("L", (w, h), 110)
    d = ImageDraw.Draw(wall)
    for row in range(0, h, 50):
        off = 0 if (row // 50) % 2 else 60
        for x in range(-off, w, 120):
            d.rectangle([x + 4, row + 4, x + 116, row + 46], fill=rng.randint(30, 85))
    wall = wall.filter(ImageFilter.GaussianBlur(1.5))
    return ImageChops.add(wall, Image.effect_noise((w, h), 10), scale=1.0, offset=-128)


def scene(seed):
    rng = random.Random(seed)
    img = Image.new("RGB", (W, H))
    d = ImageDraw.Draw(img)
    # A light wall lit from the left, blotched with patches of letter size.
    for x in range(0, W, 8):
        v = int(30 * x / W)
        d.rectangle([x, 0, x + 8, H], fill=(215 - v, 205 - v, 185 - v))
    for _ in range(1500):
        x, y, r, c = rng.randint(0, W), rng.randint(0, H), rng.randint(5, 40), rng.randint(120, 230)
        d.ellipse([x - r, y - r, x + r, y + r], fill=(c, c - 10, c - 25))
    # The brick wall running off the photo on the left, top and bottom.
    bx, by, bw, bh = -40, -40, rng.randint(1300, 1500), H + 80
    bricks = brick_wall(rng, bw, bh)
    img.paste(Image.merge("RGB", (bricks.point(lambda v: int(v * 0.8)), bricks,
                                  bricks.point(lambda v: int(v * 0.9)))), (bx, by))
    fnt = font(rng, rng.randint(34, 48))
    lines = []
    y = by + 160
    dishes = DISHES[:]
    rng.shuffle(dishes)
    for dish in dishes[:8]:
        text = "%s %d.%02d" % (dish, rng.randint(2, 9), rng.choice([0, 50, 90]))
        d.text((bx + 60, y), text, font=fnt, fill=(235, 235, 225))
        lines.append(text)
        y += int(fnt.size * 1.9)
    # Opening hours lettered dark on the light wall, right of the bricks.
    nx = bx + bw + 80
    if nx + 400 < W:
        hours = font(rng, 36)
        d.text((nx + 30, 440), "Open daily", font=hours, fill=(20, 20, 20))
        d.text((nx + 30, 510), "8 to 18", font=hours, fill=(20, 20, 20))
        lines += ["Open daily", "8 to 18"]
    return img.filter(ImageFilter.GaussianBlur(1)), lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--count", type=int, default=6)
    ap.add_argument("--seed", type=int, default=0, help="the first scene's seed; the others follow it")
    args = ap.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    scenes = []
    for i in range(args.count):
        img, lines = scene(args.seed + i)
        name = "menu-%02d" % (i + 1)
        img.save(os.path.join(args.outdir, name + ".jpg"), quality=90)
        scenes.append({"name": name, "file": name + ".jpg", "type": "signs", "languages": "eng",
                       "textRotation": 0, "lines": lines})
    with open(os.path.join(args.outdir, "scenes.json"), "w") as f:
        json.dump(scenes, f, indent=1)
    print("%d scenes in %s" % (len(scenes), args.outdir))


if __name__ == "__main__":
    main()

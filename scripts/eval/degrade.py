#!/usr/bin/python3
"""Copy a rendered scene set with one more kind of damage done to every photo, for evaluate.py.

Usage: degrade.py SRC DST KIND    (SRC from render_scenes.py; scenes.json is copied unchanged)

KIND:
  shadow  a hard-edged shadow (a hand or a phone) over one side of the photo, 55% darker
  dim     low light: contrast cut to 45% and lifted by 70 grey levels (0-255 to 70-185), grain added (sigma 9)
  curl    a page bent: rows displaced by a slow wave, 1.2-2% of the height
  blur    a Gaussian blur of 2 px on top of the renderer's
  lowres  a photo taken at 40% of the size and enlarged back
  jpeg    saved at JPEG quality 30
The shadow's and the bend's draws are seeded (99); dim light's grain is drawn afresh (Pillow's effect_noise).
"""
import json
import math
import os
import random
import shutil
import sys

from PIL import Image, ImageChops, ImageDraw, ImageFilter

KINDS = ("shadow", "dim", "curl", "blur", "lowres", "jpeg")


def degrade(img, kind, rng):
    """`img` with `kind` of damage done; Pillow only (no numpy on the machine, as for the renderers)."""
    w, h = img.size
    if kind == "shadow":
        x0, slope = rng.uniform(0.3, 0.7) * w, rng.uniform(-0.5, 0.5)
        mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask).polygon([(0, 0), (x0 - slope * h / 2, 0), (x0 + slope * h / 2, h), (0, h)], fill=255)
        light = mask.filter(ImageFilter.GaussianBlur(6)).point(lambda v: 255 - round(0.55 * v))
        return ImageChops.multiply(img, light.convert("RGB"))
    if kind == "dim":
        grain = Image.effect_noise((w, h), 9).convert("RGB")
        return ImageChops.add(img.point(lambda v: round(70 + 0.45 * v)), grain, 1.0, -128)
    if kind == "curl":
        amp, period = rng.uniform(0.012, 0.02) * h, rng.uniform(1.2, 2.0) * w
        out = img.copy()
        for x in range(0, w, 2):
            strip = img.crop((x, 0, min(w, x + 2), h))
            out.paste(strip, (x, -round(amp * math.sin(2 * math.pi * x / period))))
        return out
    if kind == "blur":
        return img.filter(ImageFilter.GaussianBlur(2.0))
    if kind == "lowres":
        return img.resize((w * 2 // 5, h * 2 // 5), Image.BILINEAR).resize((w, h), Image.BICUBIC)
    return img


def main():
    if len(sys.argv) != 4 or sys.argv[3] not in KINDS:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(64)
    src, dst, kind = sys.argv[1:4]
    os.makedirs(dst, exist_ok=True)
    shutil.copy(os.path.join(src, "scenes.json"), dst)
    rng = random.Random(99)
    with open(os.path.join(src, "scenes.json")) as f:
        scenes = json.load(f)
    for s in scenes:
        img = Image.open(os.path.join(src, s["file"])).convert("RGB")
        degrade(img, kind, rng).save(os.path.join(dst, s["file"]), quality=30 if kind == "jpeg" else 90)


if __name__ == "__main__":
    main()

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
The draws are seeded (99), so a set degraded twice is the same.
"""
import json
import math
import os
import random
import shutil
import sys

import numpy as np
from PIL import Image, ImageFilter

KINDS = ("shadow", "dim", "curl", "blur", "lowres", "jpeg")


def degrade(img, kind, rng):
    w, h = img.size
    if kind == "shadow":
        a = np.asarray(img).astype(np.float32)
        yy, xx = np.mgrid[0:h, 0:w]
        x0, slope = rng.uniform(0.3, 0.7) * w, rng.uniform(-0.5, 0.5)
        mask = Image.fromarray(((xx < x0 + slope * (yy - h / 2)) * 255).astype(np.uint8))
        f = 1 - 0.55 * np.asarray(mask.filter(ImageFilter.GaussianBlur(6))).astype(np.float32) / 255
        return Image.fromarray(np.clip(a * f[..., None], 0, 255).astype(np.uint8))
    if kind == "dim":
        a = np.asarray(img).astype(np.float32)
        a = 70 + 0.45 * a + np.random.default_rng(rng.randrange(1 << 30)).normal(0, 9, a.shape)
        return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    if kind == "curl":
        a = np.asarray(img)
        amp, period = rng.uniform(0.012, 0.02) * h, rng.uniform(1.2, 2.0) * w
        yy, xx = np.mgrid[0:h, 0:w]
        sy = np.clip(yy + amp * np.sin(2 * math.pi * xx / period), 0, h - 1).astype(np.int32)
        return Image.fromarray(a[sy, xx])
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

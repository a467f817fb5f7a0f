#!/usr/bin/python3
"""Renders N photo-like 12 MP JPEGs (4032x3024, Q90, 4:2:0) with a sign of text in each, for bench-batch.sh.

Usage: render.py FOLDER N

Each photo differs (its own gradient, noise, tilt and words), so no two have the same bytes and the
outbox prepares every one. Only PIL is needed (python3-pil); no numpy.
"""
import random
import sys

from PIL import Image, ImageDraw, ImageFilter, ImageFont

W, H = 4032, 3024
WORDS = ["PLATFORM", "EXIT", "TICKETS", "BUSAN", "SEOUL", "GATE", "MIND THE GAP", "NORTH", "SOUTH",
         "TAXI", "LOCKERS", "CAFE", "OPEN 24 HOURS", "NO SMOKING", "TRACK", "DEPARTURES", "ARRIVALS"]
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def photo(i: int) -> Image.Image:
    rng = random.Random(i)
    # A smooth scene: a vertical and a horizontal gradient mixed, in colour, at a quarter size.
    small = (W // 4, H // 4)
    top = Image.linear_gradient("L").resize(small)
    side = Image.linear_gradient("L").rotate(90).resize(small)
    r = Image.blend(top, side, rng.uniform(0.2, 0.8))
    g = Image.blend(side, top, rng.uniform(0.2, 0.8))
    b = Image.eval(top, lambda v, k=rng.randint(40, 200): (v + k) % 256)
    scene = Image.merge("RGB", (r, g, b))
    # Soft shapes (a street, buildings), drawn and blurred at a quarter size, then enlarged.
    draw = ImageDraw.Draw(scene)
    for _ in range(30):
        x, y = rng.randrange(small[0]), rng.randrange(small[1])
        draw.rectangle([x, y, x + rng.randint(25, 225), y + rng.randint(25, 175)],
                       fill=tuple(rng.randrange(256) for _ in range(3)))
    scene = scene.filter(ImageFilter.GaussianBlur(2)).resize((W, H), Image.BICUBIC)
    # Texture: sensor-like noise at full size.
    noise = Image.effect_noise((W, H), rng.uniform(12, 24)).convert("RGB")
    scene = Image.blend(scene, noise, 0.12)
    # The sign: dark words on a light board, slightly turned.
    board = Image.new("RGB", (2000, 900), (244, 241, 232))
    bd = ImageDraw.Draw(board)
    for row in range(3):
        text = " ".join(rng.sample(WORDS, 2)) + f" {rng.randint(1, 99)}"
        bd.text((80, 60 + row * 280), text, font=ImageFont.truetype(FONT, 150 if row == 0 else 110), fill=(25, 25, 25))
    board = board.rotate(rng.uniform(-4, 4), expand=True, fillcolor=(90, 90, 90))
    scene.paste(board, (rng.randint(100, W - board.width - 100), rng.randint(100, H - board.height - 100)))
    return scene


def main() -> None:
    folder, n = sys.argv[1], int(sys.argv[2])
    for i in range(n):
        photo(i + 1).save(f"{folder}/IMG_{1000 + i}.jpg", quality=90, subsampling=2)


if __name__ == "__main__":
    main()

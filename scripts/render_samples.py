#!/usr/bin/python3
"""Render the small sample photos in samples/ (and, for the benchmark, large photo-like scenes).

Everything is drawn from scratch with Pillow (Debian's python3-pil) and the DejaVu, Liberation and
Noto CJK fonts from Debian packages, so the samples are reproducible and carry no one's real photo.

    /usr/bin/python3 scripts/render_samples.py [OUTDIR]          # default OUTDIR: samples/ next to scripts/
    /usr/bin/python3 scripts/render_samples.py --scene sign --size 4032x3024 --quality 92 OUT.jpg

The second form is what scripts/bench.sh uses to make its 12 MP and 48 MP inputs.
"""

import argparse
import os
import random
import sys

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont, TiffTags
from PIL.TiffImagePlugin import IFDRational

# Pillow 9.4 does not know ComponentsConfiguration's type and would write it as BYTE; EXIF says UNDEFINED.
TiffTags.TAGS_V2_GROUPS[0x8769][0x9101] = TiffTags.TagInfo(0x9101, "ComponentsConfiguration", TiffTags.UNDEFINED, 1)

DEJAVU = "/usr/share/fonts/truetype/dejavu/"
LIBERATION = "/usr/share/fonts/truetype/liberation/"
NOTO_CJK = "/usr/share/fonts/opentype/noto/"

FONT_SIGN = DEJAVU + "DejaVuSans-Bold.ttf"
FONT_SIGN_REGULAR = DEJAVU + "DejaVuSans.ttf"
FONT_SERIF = LIBERATION + "LiberationSerif-Regular.ttf"
FONT_SERIF_BOLD = LIBERATION + "LiberationSerif-Bold.ttf"
FONT_SANS = LIBERATION + "LiberationSans-Regular.ttf"
FONT_SANS_BOLD = LIBERATION + "LiberationSans-Bold.ttf"
FONT_HANGUL = NOTO_CJK + "NotoSansCJK-Bold.ttc"
HANGUL_KR_INDEX = 1  # in NotoSansCJK-*.ttc: 0 JP, 1 KR, 2 SC, 3 TC, 4 HK


def font(path, size, index=0):
    return ImageFont.truetype(path, max(6, int(size)), index=index)


# ---------------------------------------------------------------------------------------------
# Small image helpers (no numpy on the machine: everything goes through Pillow's C code).
# ---------------------------------------------------------------------------------------------

def perspective_coefficients(dst_quad, src_quad):
    """The 8 coefficients Image.transform(PERSPECTIVE) wants: they map an output point (in dst_quad)
    back to the input point (in src_quad). Solved with plain Gaussian elimination."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(dst_quad, src_quad):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rhs.append(u)
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs.append(v)
    n = 8
    m = [rows[i] + [rhs[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                m[r] = [a - f * b for a, b in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


def warp(flat, size, dst_quad, fill=(0, 0, 0)):
    """Place the flat picture's four corners at dst_quad (TL, TR, BR, BL) in an image of `size`."""
    w, h = flat.size
    src = [(0, 0), (w, 0), (w, h), (0, h)]
    coeffs = perspective_coefficients(dst_quad, src)
    return flat.transform(size, Image.PERSPECTIVE, coeffs, Image.BICUBIC, fillcolor=fill)


NOISE_TILE = 509  # prime, so the tiling has no visible rhythm under the picture's own content


def gaussian_noise(size, sigma, rng):
    """Grey Gaussian noise around 128, from a seeded generator (Image.effect_noise cannot be seeded):
    a tile of NOISE_TILE pixels square, repeated over larger images."""
    w, h = size
    tw, th = min(w, NOISE_TILE), min(h, NOISE_TILE)
    tile = Image.new("L", (tw, th))
    gauss = rng.gauss
    tile.putdata([min(255, max(0, int(128.5 + gauss(0, sigma)))) for _ in range(tw * th)])
    if (tw, th) == (w, h):
        return tile
    out = Image.new("L", size)
    for y in range(0, h, th):
        for x in range(0, w, tw):
            out.paste(tile, (x, y))
    return out


def add_noise(img, rng, sigma, seed_blur=0.0):
    """Sensor-like luminance noise (optionally slightly correlated by a small blur)."""
    noise = gaussian_noise(img.size, sigma, rng)
    if seed_blur:
        noise = noise.filter(ImageFilter.GaussianBlur(seed_blur))
    noise_rgb = Image.merge("RGB", (noise, noise, noise))
    return ImageChops.add(img, noise_rgb, scale=1.0, offset=-128)


def mottle(size, rng, scale, strength):
    """Low-frequency blotches (stains, weathering): small random grey image scaled up smoothly."""
    w, h = size
    sw, sh = max(2, w // scale), max(2, h // scale)
    small = Image.new("L", (sw, sh))
    small.putdata([128 + int(rng.gauss(0, strength)) for _ in range(sw * sh)])
    return small.resize(size, Image.BICUBIC)


def apply_mottle(img, rng, scale, strength):
    m = mottle(img.size, rng, scale, strength)
    return ImageChops.add(img, Image.merge("RGB", (m, m, m)), scale=1.0, offset=-128)


def uneven_light(img, corners):
    """Multiply by a smooth light field given by its brightness (0..1) at TL, TR, BR, BL."""
    tl, tr, br, bl = (int(255 * c) for c in corners)
    small = Image.new("L", (2, 2))
    small.putdata([tl, tr, bl, br])
    field = small.resize((64, 64), Image.BILINEAR).resize(img.size, Image.BICUBIC)
    return ImageChops.multiply(img, Image.merge("RGB", (field, field, field)))


def vignette(img, strength=0.25):
    w, h = img.size
    small = Image.new("L", (65, 65))
    data = []
    for y in range(65):
        for x in range(65):
            dx, dy = (x - 32) / 32, (y - 32) / 32
            data.append(int(255 * (1 - strength * min(1.0, (dx * dx + dy * dy) / 2) ** 1.2)))
    small.putdata(data)
    field = small.resize(img.size, Image.BICUBIC)
    return ImageChops.multiply(img, Image.merge("RGB", (field, field, field)))


def draw_lines_centered(draw, box, lines, fill):
    """Draw (text, font) lines centred in box = (x0, y0, x1, y1), evenly spaced."""
    x0, y0, x1, y1 = box
    heights = [f.getbbox(t)[3] - f.getbbox("H")[1] for t, f in lines]
    total = sum(heights)
    gap = (y1 - y0 - total) / (len(lines) + 1)
    y = y0 + gap
    for (text, f), lh in zip(lines, heights):
        tw = draw.textlength(text, font=f)
        draw.text(((x0 + x1 - tw) / 2, y - f.getbbox("H")[1]), text, font=f, fill=fill)
        y += lh + gap


def exif_bytes(width, height, when, offset, orientation=1, gps=None, model="PhotoPrep sample camera"):
    """A tidy camera-like EXIF block (exiftool -validate finds nothing missing)."""
    exif = Image.Exif()
    exif[0x010F] = "PhotoPrep"  # Make
    exif[0x0110] = model  # Model
    exif[0x0112] = orientation
    exif[0x011A] = IFDRational(72)
    exif[0x011B] = IFDRational(72)
    exif[0x0128] = 2  # inches
    exif[0x0131] = "scripts/render_samples.py"  # Software
    exif[0x0213] = 1  # YCbCrPositioning centred
    exif[0x8769] = {
        0x9000: b"0232",  # ExifVersion
        0x9003: when,  # DateTimeOriginal
        0x9004: when,  # CreateDate
        0x9011: offset,  # OffsetTimeOriginal
        0x9012: offset,  # OffsetTimeDigitized
        0x9101: b"\x01\x02\x03\x00",  # ComponentsConfiguration YCbCr
        0xA000: b"0100",  # FlashpixVersion
        0xA001: 1,  # sRGB
        0xA002: width,
        0xA003: height,
    }
    if gps is not None:
        lat, lon = gps

        def dms(value):
            value = abs(value)
            d = int(value)
            m = int((value - d) * 60)
            s = round(((value - d) * 60 - m) * 60 * 100)
            return (IFDRational(d), IFDRational(m), IFDRational(s, 100))

        exif[0x8825] = {
            0: b"\x02\x03\x00\x00",
            1: "N" if lat >= 0 else "S",
            2: dms(lat),
            3: "E" if lon >= 0 else "W",
            4: dms(lon),
        }
    return exif.tobytes()


# ---------------------------------------------------------------------------------------------
# Scene 1: sign boards on a brick wall, photographed at an angle.
# ---------------------------------------------------------------------------------------------

def brick_wall(size, rng):
    w, h = size
    wall = Image.new("RGB", size, (120, 118, 112))  # mortar
    d = ImageDraw.Draw(wall)
    bh = max(8, h // 22)
    bw = bh * 3
    mortar = max(2, bh // 9)
    row = 0
    for y in range(0, h + bh, bh):
        x = -(bw // 2) if row % 2 else 0
        while x < w:
            base = rng.choice([(150, 70, 52), (138, 62, 48), (162, 82, 60), (128, 58, 46), (145, 78, 62)])
            c = tuple(max(0, min(255, v + rng.randint(-14, 14))) for v in base)
            d.rectangle([x + mortar, y + mortar, x + bw - mortar, y + bh - mortar], fill=c)
            x += bw
        row += 1
    wall = apply_mottle(wall, rng, max(8, w // 60), 14)
    # brick grain: fine correlated noise
    wall = add_noise(wall, rng, 10, seed_blur=0.8)
    return wall


def pavement(size, rng):
    w, h = size
    slab = Image.new("RGB", size, (148, 146, 140))
    d = ImageDraw.Draw(slab)
    step = max(20, w // 9)
    for x in range(0, w, step):
        d.line([(x, 0), (x, h)], fill=(100, 98, 94), width=max(2, w // 800))
    d.line([(0, h // 2), (w, h // 2)], fill=(100, 98, 94), width=max(2, w // 800))
    slab = apply_mottle(slab, rng, max(8, w // 80), 10)
    return add_noise(slab, rng, 18, seed_blur=0.6)


def panel_blue(size):
    w, h = size
    p = Image.new("RGB", size, (240, 240, 240))
    d = ImageDraw.Draw(p)
    r = max(4, h // 30)
    d.rounded_rectangle([0, 0, w - 1, h - 1], radius=r * 2, fill=(31, 60, 136), outline=(230, 230, 235),
                        width=max(3, h // 60))
    draw_lines_centered(d, (0, 0, w, h), [
        ("PLATFORM 3", font(FONT_SIGN, h * 0.21)),
        ("Trains to Busan", font(FONT_SIGN_REGULAR, h * 0.14)),
        ("Next departure 14:25", font(FONT_SIGN_REGULAR, h * 0.12)),
    ], fill=(250, 250, 250))
    return p


def panel_yellow(size):
    w, h = size
    p = Image.new("RGB", size, (30, 30, 30))
    d = ImageDraw.Draw(p)
    d.rectangle([0, 0, w - 1, h - 1], fill=(245, 196, 38), outline=(25, 25, 25), width=max(4, h // 40))
    draw_lines_centered(d, (0, 0, w, h), [
        ("CAUTION", font(FONT_SIGN, h * 0.2)),
        ("Mind the gap", font(FONT_SIGN_REGULAR, h * 0.13)),
        ("Stand behind the line", font(FONT_SIGN_REGULAR, h * 0.105)),
    ], fill=(20, 20, 20))
    return p


def panel_exit(size):
    w, h = size
    p = Image.new("RGB", size, (0, 110, 70))
    d = ImageDraw.Draw(p)
    d.rectangle([0, 0, w - 1, h - 1], outline=(235, 235, 235), width=max(3, h // 30))
    draw_lines_centered(d, (0, 0, w, h), [
        ("EXIT 2  City Hall", font(FONT_SIGN, h * 0.34)),
    ], fill=(250, 250, 250))
    return p


def screws(img, box, rng):
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    r = max(3, (y1 - y0) // 60)
    corners = [(x0 + 3 * r, y0 + 3 * r), (x1 - 3 * r, y0 + 3 * r), (x0 + 3 * r, y1 - 3 * r), (x1 - 3 * r, y1 - 3 * r)]
    for x, y in corners:
        d.ellipse([x - r, y - r, x + r, y + r], fill=(170, 170, 175), outline=(90, 90, 95))


def sign_scene(size, seed=1):
    """A wall with three sign panels, seen from the left at an angle; size is the photo's size."""
    rng = random.Random(seed)
    W, H = size
    fw, fh = int(W * 1.15), int(H * 1.2)  # flat wall a little larger than the frame
    flat = brick_wall((fw, fh), rng)
    ground_h = int(fh * 0.16)
    flat.paste(pavement((fw, ground_h), rng), (0, fh - ground_h))

    # panels, with a soft shadow each (light from the upper left)
    panels = [
        (panel_blue, (0.10, 0.17, 0.58, 0.52)),
        (panel_yellow, (0.62, 0.20, 0.92, 0.50)),
        (panel_exit, (0.22, 0.58, 0.70, 0.72)),
    ]
    shadow = Image.new("L", (fw, fh), 0)
    sd = ImageDraw.Draw(shadow)
    off = int(fh * 0.012)
    for _, (a, b, c, e) in panels:
        sd.rectangle([int(a * fw) + off, int(b * fh) + off, int(c * fw) + off, int(e * fh) + off], fill=110)
    shadow = shadow.filter(ImageFilter.GaussianBlur(fh * 0.008))
    flat = Image.composite(Image.new("RGB", flat.size, (20, 15, 12)), flat, shadow)
    for make, (a, b, c, e) in panels:
        box = (int(a * fw), int(b * fh), int(c * fw), int(e * fh))
        p = make((box[2] - box[0], box[3] - box[1]))
        p = apply_mottle(p, rng, max(6, p.size[0] // 40), 3)
        flat.paste(p, box[:2])
        screws(flat, box, rng)

    # the camera stands to the left: the left edge is nearer (taller), the right edge farther
    quad = [(-0.08 * W, -0.22 * H), (1.06 * W, -0.03 * H), (1.06 * W, 0.99 * H), (-0.08 * W, 1.24 * H)]
    photo = warp(flat, (W, H), quad, fill=(90, 90, 90))
    photo = uneven_light(photo, (1.0, 0.86, 0.66, 0.80))
    photo = vignette(photo, 0.22)
    photo = photo.filter(ImageFilter.GaussianBlur(max(0.6, W / 2400)))
    photo = add_noise(photo, rng, 3)
    return photo


# ---------------------------------------------------------------------------------------------
# Scene 2: a two-column page on a desk, slightly tilted.
# ---------------------------------------------------------------------------------------------

PAGE_TITLE = "Reading the City: Notes on Signs"
PAGE_BYLINE = "Field notebook, chapter 4  -  platforms, exits and street plates"
PAGE_PARAGRAPHS = [
    "A sign is written for someone in a hurry. The letters are large, the words are few, and "
    "the colours tell you what kind of message it is before you read a single word. Blue boards "
    "give directions, yellow ones warn, and green ones show the way out.",
    "When we photograph a sign we rarely stand in front of it. We take the picture from the side "
    "of the platform, through a window, or while walking past, so the board leans away from us "
    "and the far edge looks smaller than the near one.",
    "The light is rarely even either. A lamp above the board makes the top bright while the lower "
    "lines fall into shadow, and the glass in front of a timetable adds its own reflections.",
    "Good notes record where and when the picture was taken. A photograph of a departure board "
    "is only useful if we know which station it shows and at what time the trains were listed. "
    "The camera keeps both: the clock writes the moment of capture and the receiver writes the "
    "place. We keep them with the picture and never guess what is missing.",
    "Pages like this one are harder than signs. The type is small, there are two columns side by "
    "side, and a reader must finish the first column before starting the second. A machine that "
    "reads the page line by line across both columns produces nonsense, so the order of the lines "
    "matters as much as the letters themselves.",
    "Finally, a note on size. A modern phone takes pictures of twelve or even forty eight million "
    "pixels. For reading text a copy of about two thousand pixels on the long edge is plenty, and "
    "it is much quicker to send and to store.",
]


def wrap(text, f, width, draw):
    words, lines, cur = text.split(), [], ""
    for w in words:
        trial = (cur + " " + w).strip()
        if draw.textlength(trial, font=f) <= width:
            cur = trial
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    return lines


def page_flat(size):
    w, h = size
    page = Image.new("RGB", size, (246, 244, 236))
    d = ImageDraw.Draw(page)
    margin = int(w * 0.08)
    title_f = font(FONT_SERIF_BOLD, w * 0.048)
    byline_f = font(FONT_SANS, w * 0.02)
    body_f = font(FONT_SERIF, w * 0.025)
    y = int(h * 0.07)
    tw = d.textlength(PAGE_TITLE, font=title_f)
    d.text(((w - tw) / 2, y), PAGE_TITLE, font=title_f, fill=(15, 15, 18))
    y += int(title_f.size * 1.5)
    bw = d.textlength(PAGE_BYLINE, font=byline_f)
    d.text(((w - bw) / 2, y), PAGE_BYLINE, font=byline_f, fill=(70, 70, 75))
    y += int(byline_f.size * 2.0)
    d.line([(margin, y), (w - margin, y)], fill=(60, 60, 60), width=max(2, w // 700))
    y += int(body_f.size * 1.4)
    gutter = int(w * 0.05)
    col_w = (w - 2 * margin - gutter) // 2
    leading = int(body_f.size * 1.4)
    indent = int(body_f.size * 1.5)
    # (text, x offset, space before) for every line, paragraphs indented and set apart by half a line
    items = []
    for p in PAGE_PARAGRAPHS:
        for j, line in enumerate(wrap(p, body_f, col_w - indent, d) if p else []):
            items.append((line, indent if j == 0 else 0, leading // 2 if j == 0 and items else 0))
    total = sum(leading + gap for _, _, gap in items)
    col, yy, used = 0, y, 0
    for text, dx, gap in items:
        if col == 0 and used + leading + gap > total / 2 + leading:
            col, yy, gap = 1, y, 0
        yy += gap
        used += leading + gap
        d.text((margin + col * (col_w + gutter) + dx, yy), text, font=body_f, fill=(25, 25, 28))
        yy += leading
    foot_f = font(FONT_SANS, w * 0.017)
    d.text((w / 2 - w * 0.01, h - margin * 0.8), "47", font=foot_f, fill=(80, 80, 80))
    return page


def desk(size, rng):
    w, h = size
    # wood: horizontal streaks from stretched noise
    streaks = gaussian_noise((max(4, w // 150), h // 3), 40, rng).resize((w, h), Image.BICUBIC)
    streaks = streaks.filter(ImageFilter.GaussianBlur(2.5))
    base = Image.new("RGB", size, (118, 82, 52))
    wood = ImageChops.add(base, Image.merge("RGB", (streaks, streaks, streaks)), scale=1.3, offset=-60)
    return add_noise(apply_mottle(wood, rng, max(8, w // 30), 12), rng, 3)


def page_scene(size, seed=2):
    rng = random.Random(seed)
    W, H = size
    photo = desk(size, rng)
    pw = int(W * 0.86)
    ph = int(pw * 1.35)
    flat = page_flat((pw, ph))
    cx, cy = W / 2, H / 2 + H * 0.01
    import math
    a = math.radians(-3.0)  # slight clockwise tilt

    def rot(x, y):
        return (cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a))

    top, bottom = pw * 0.47, pw * 0.5  # top edge a little narrower: the phone leans back a touch
    quad = [rot(-top, -ph / 2), rot(top, -ph / 2), rot(bottom, ph / 2), rot(-bottom, ph / 2)]
    # page shadow on the desk
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).polygon([(x + W * 0.012, y + W * 0.016) for x, y in quad], fill=150)
    mask = mask.filter(ImageFilter.GaussianBlur(W * 0.012))
    photo = Image.composite(Image.new("RGB", size, (25, 16, 10)), photo, mask)
    page_mask = Image.new("L", flat.size, 255)
    warped = warp(flat, size, quad)
    warped_mask = warp(page_mask.convert("RGB"), size, quad).convert("L")
    photo = Image.composite(warped, photo, warped_mask)
    photo = uneven_light(photo, (0.98, 1.0, 0.84, 0.74))
    photo = vignette(photo, 0.18)
    photo = photo.filter(ImageFilter.GaussianBlur(0.7))
    return add_noise(photo, rng, 2.5)


# ---------------------------------------------------------------------------------------------
# Scene 3: a street name plate, phone held upright but stored sideways (EXIF orientation 6).
# ---------------------------------------------------------------------------------------------

def plaster(size, rng, colour=(206, 198, 184)):
    wall = Image.new("RGB", size, colour)
    wall = apply_mottle(wall, rng, max(8, size[0] // 25), 8)
    return add_noise(wall, rng, 8, seed_blur=1.0)


def street_scene_upright(size, seed=3):
    rng = random.Random(seed)
    W, H = size
    photo = plaster(size, rng)
    d = ImageDraw.Draw(photo)
    # a window at the top and a drain pipe at the side give the picture an up and a down
    d.rectangle([int(W * 0.08), int(H * 0.03), int(W * 0.56), int(H * 0.27)], fill=(70, 78, 86),
                outline=(235, 235, 230), width=max(6, W // 90))
    d.line([(int(W * 0.32), int(H * 0.03)), (int(W * 0.32), int(H * 0.27))], fill=(235, 235, 230),
           width=max(5, W // 120))
    sky = Image.new("RGB", (int(W * 0.2), int(H * 0.21)), (150, 175, 200))
    photo.paste(apply_mottle(sky, rng, 12, 10), (int(W * 0.1), int(H * 0.04)))
    d.rectangle([int(W * 0.88), 0, int(W * 0.9), int(H * 0.9)], fill=(150, 152, 155))
    # the pavement at the foot of the wall, with a kerb line
    d.rectangle([0, int(H * 0.9), W, H], fill=(170, 166, 158))
    d.line([(0, int(H * 0.9)), (W, int(H * 0.9))], fill=(120, 116, 110), width=max(4, H // 300))
    # the plate: Korean name above, romanised name below, with a direction arrow and a number
    px0, py0, px1, py1 = int(W * 0.08), int(H * 0.40), int(W * 0.80), int(H * 0.62)
    plate = Image.new("RGB", (px1 - px0, py1 - py0), (0, 70, 150))
    pd = ImageDraw.Draw(plate)
    pw, ph = plate.size
    pd.rounded_rectangle([0, 0, pw - 1, ph - 1], radius=ph // 10, fill=(0, 70, 150), outline=(245, 245, 245),
                         width=max(4, ph // 40))
    hangul = font(FONT_HANGUL, ph * 0.36, HANGUL_KR_INDEX)
    pd.text((pw * 0.07, ph * 0.10), "세종대로", font=hangul, fill=(250, 250, 250))
    pd.text((pw * 0.07, ph * 0.60), "Sejong-daero", font=font(FONT_SIGN, ph * 0.20), fill=(250, 250, 250))
    pd.text((pw * 0.72, ph * 0.18), "175", font=font(FONT_SIGN, ph * 0.26), fill=(250, 250, 250))
    pd.polygon([(pw * 0.72, ph * 0.72), (pw * 0.88, ph * 0.72), (pw * 0.88, ph * 0.64), (pw * 0.95, ph * 0.77),
                (pw * 0.88, ph * 0.90), (pw * 0.88, ph * 0.82), (pw * 0.72, ph * 0.82)], fill=(250, 250, 250))
    shadow = Image.new("L", size, 0)
    ImageDraw.Draw(shadow).rectangle([px0 + 10, py0 + 14, px1 + 10, py1 + 14], fill=120)
    photo = Image.composite(Image.new("RGB", size, (30, 25, 20)), photo, shadow.filter(ImageFilter.GaussianBlur(10)))
    # a little perspective on the plate only (the wall is plain): the phone is held a bit low
    quad = [(px0, py0 + 6), (px1, py0 - 10), (px1 + 4, py1 + 8), (px0 - 2, py1)]
    pmask = warp(Image.new("RGB", plate.size, (255, 255, 255)), size, quad).convert("L")
    photo = Image.composite(warp(plate, size, quad), photo, pmask)
    photo = uneven_light(photo, (0.92, 1.0, 0.86, 0.72))
    photo = photo.filter(ImageFilter.GaussianBlur(0.8))
    return add_noise(photo, rng, 3)


# ---------------------------------------------------------------------------------------------
# Scene 4: a screenshot-like frame (PNG).
# ---------------------------------------------------------------------------------------------

def frame_png(size):
    W, H = size
    img = Image.new("RGB", size, (236, 239, 243))
    d = ImageDraw.Draw(img)
    bar = int(H * 0.09)
    d.rectangle([0, 0, W, bar], fill=(32, 41, 58))
    for i, c in enumerate([(236, 95, 90), (245, 190, 80), (98, 200, 90)]):
        r = bar * 0.16
        cx, cy = bar * 0.5 + i * bar * 0.45, bar / 2
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=c)
    d.text((bar * 1.8, bar * 0.28), "Departures  -  Seoul Station", font=font(FONT_SANS_BOLD, bar * 0.42),
           fill=(240, 240, 245))
    head_f = font(FONT_SANS_BOLD, H * 0.042)
    row_f = font(FONT_SANS, H * 0.042)
    cols = [0.05, 0.20, 0.52, 0.74]
    y = bar + H * 0.06
    for x, t in zip(cols, ["Time", "Destination", "Platform", "Status"]):
        d.text((W * x, y), t, font=head_f, fill=(60, 66, 80))
    y += H * 0.075
    d.line([(W * 0.04, y), (W * 0.96, y)], fill=(170, 176, 186), width=2)
    rows = [
        ("14:25", "Busan", "3", "On time"),
        ("14:40", "Gangneung", "7", "Boarding"),
        ("15:05", "Mokpo", "11", "Delayed 10 min"),
        ("15:30", "Daejeon", "4", "On time"),
    ]
    y += H * 0.035
    for i, row in enumerate(rows):
        if i % 2:
            d.rectangle([W * 0.04, y - H * 0.018, W * 0.96, y + H * 0.085], fill=(226, 230, 236))
        for x, t in zip(cols, row):
            fill = (180, 40, 40) if t.startswith("Delayed") else (20, 24, 32)
            d.text((W * x, y), t, font=row_f, fill=fill)
        y += H * 0.105
    d.text((W * 0.05, H * 0.9), "Updated 14:12  -  Times shown are local (KST)", font=font(FONT_SANS, H * 0.03),
           fill=(100, 106, 118))
    return img


# ---------------------------------------------------------------------------------------------

def save_jpeg(img, path, quality, exif=None, subsampling=2):
    kwargs = dict(quality=quality, subsampling=subsampling, optimize=True)
    if exif is not None:
        kwargs["exif"] = exif
    img.save(path, "JPEG", **kwargs)


def render_samples(outdir):
    os.makedirs(outdir, exist_ok=True)

    sign = sign_scene((2000, 1500))
    save_jpeg(sign, os.path.join(outdir, "sign-at-angle.jpg"), 82,
              exif_bytes(2000, 1500, "2026:11:29 15:45:00", "+09:00"))

    page = page_scene((1500, 2000))
    save_jpeg(page, os.path.join(outdir, "two-column-page.jpg"), 82,
              exif_bytes(1500, 2000, "2026:11:29 16:02:31", "+09:00"))

    upright = street_scene_upright((1536, 2048))
    stored = upright.transpose(Image.ROTATE_90)  # 90 degrees counter-clockwise; orientation 6 turns it back
    save_jpeg(stored, os.path.join(outdir, "phone-orientation-6.jpg"), 82,
              exif_bytes(stored.width, stored.height, "2026:11:29 15:58:12", "+09:00", orientation=6,
                         gps=(37.572025, 126.976862), model="PhotoPrep sample phone"))

    frame = frame_png((1600, 1000))
    frame.save(os.path.join(outdir, "frame.png"), "PNG", optimize=True)


SCENES = {"sign": sign_scene, "page": page_scene}


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", nargs="?", help="output folder (samples) or file (--scene)")
    ap.add_argument("--scene", choices=sorted(SCENES), help="render one large photo-like JPEG instead")
    ap.add_argument("--size", default="4032x3024", help="WxH for --scene")
    ap.add_argument("--quality", type=int, default=92)
    args = ap.parse_args(argv)
    if args.scene:
        if not args.out:
            ap.error("--scene needs an output file")
        w, h = (int(v) for v in args.size.lower().split("x"))
        img = SCENES[args.scene]((w, h))
        save_jpeg(img, args.out, args.quality, exif_bytes(w, h, "2026:11:29 15:45:00", "+09:00"))
        return
    outdir = args.out or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "samples")
    render_samples(os.path.normpath(outdir))


if __name__ == "__main__":
    main(sys.argv[1:])

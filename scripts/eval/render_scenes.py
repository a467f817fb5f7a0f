#!/usr/bin/python3
"""Render photo-like scenes with ground truth for the OCR evaluation.

Usage: render_scenes.py OUTDIR [--seed N] [--per-type N] [--perspective] [--shaken] [--held-out]

Writes OUTDIR/<scene>.jpg and OUTDIR/scenes.json: for each scene its type, languages, text rotation
and the lines a person would read, in reading order. Scene types: signs (sign walls of 2-6 panels,
light-on-dark and dark-on-light, mixed in one photo), pages (two columns under a spanning title),
posters (mixed sizes), small (a page photographed from afar), korean (Korean signs with English),
rotated (pages and signs turned 90/180/270 degrees, no orientation tag), street (a busy street: buildings
with rows of windows, trees, a road, cars, and a few small shop and street signs; scored by words, as
the real street photos are). Every scene gets photo
damage: slight tilt, blur, noise, uneven light, JPEG compression; with --perspective also the keystone
of a photo taken from one side, above or below (the same scenes as without it: its draws come from a
random source of their own); with --shaken also the motion blur of a camera moved while the shutter was
open, 3-8 px along a random direction (draws of its own too; scenes.json gives each photo's streak as
"shake", in the photo's frame, to compare with the streak the pipeline measures). Needs python3-pil and the Debian
font packages fonts-dejavu, fonts-liberation, fonts-noto-cjk.

--held-out renders the same kinds of scene in fonts and words the pipeline was never tuned on: other
Latin fonts (Roboto, Open Sans, Carlito, FreeSans/FreeSerif, URW's Nimbus, C059 and P052, Noto Sans and
Serif), Korean in Nanum's fonts, another vocabulary for pages and other Korean signs. It needs the
Debian packages listed in HELD_OUT_PACKAGES.
"""
import json
import math
import os
import random
import sys

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from render_samples import perspective_coefficients  # noqa: E402  (scripts/render_samples.py)

FONT_DIRS = ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/liberation"]
LATIN_FONTS = [
    "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif.ttf", "DejaVuSansCondensed.ttf",
    "DejaVuSansCondensed-Bold.ttf", "LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf",
    "LiberationSerif-Regular.ttf", "LiberationSansNarrow-Regular.ttf", "LiberationMono-Regular.ttf",
]
CJK_FONTS = ["/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
             "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"]

PLACES = ["Seoul Station", "City Hall", "Central Park", "Harbour Bridge", "Museum of Art", "Old Town",
          "Airport Terminal 2", "University Hospital", "North Gate", "Riverside Market", "Main Street",
          "Gangnam", "Hongdae", "Myeongdong", "Union Square", "Grand Central", "West End", "Kings Cross"]
SIGN_PHRASES = ["Exit {n}", "Platform {n}", "Gate {l}{n}", "Toilets", "Information", "Ticket Office",
                "Lifts to all floors", "No smoking", "Emergency exit", "Lost property", "Way out",
                "Trains every {n} minutes", "Open daily {h}:00 - {h2}:00", "Line {n} to {place}",
                "Buses to {place}", "Taxi rank", "Car park level {n}", "Wi-Fi available", "Please queue here",
                "Mind the gap", "Departures", "Arrivals", "Baggage claim {n}", "Floor {n}", "Coffee & Tea",
                "Pharmacy", "Waiting room", "Transfer to Line {n}", "Adults {p} won", "Children {p2} won",
                "{place}", "Next train {h}:{m}", "Closed for repairs", "Staff only", "Keep left"]
WORDS = ("the of and to in is was for on that with as by at from this be are have which or an it not but "
         "all they were had their there has been one more will would new other some time people only could "
         "than first two most also after between made many before over such through years where much city "
         "during under same later since world state while house number area school water north south east "
         "west river station train ticket morning evening market garden bridge museum history visitors local "
         "built century opened public free entrance open daily except monday holidays children adults group "
         "discount guided tours available summer winter season weather please note photography allowed inside "
         "building collection exhibition paintings ancient modern design library reading room quiet study "
         "council meeting notice residents parking permit required street cleaning every tuesday thank you "
         "cooperation information contact office hours phone email website address service customers").split()
KOREAN = ["서울역", "출구", "화장실", "안내소", "매표소", "지하철", "버스 정류장", "시청", "환승", "엘리베이터",
          "비상구", "주차장", "공항철도", "명동", "홍대입구", "강남", "도서관", "박물관", "입구", "나가는 곳",
          "승강장", "편의점", "약국", "병원", "관광 안내", "택시 승차장", "대합실", "금연", "개찰구", "분실물 센터"]
KOREAN_EN = ["Seoul Station", "Exit", "Toilets", "Information", "Tickets", "Subway", "Bus Stop", "City Hall",
             "Transfer", "Elevator", "Emergency Exit", "Parking", "Airport Railroad", "Myeongdong",
             "Hongik Univ.", "Gangnam", "Library", "Museum", "Entrance", "Way Out", "Platform",
             "Convenience Store", "Pharmacy", "Hospital", "Tourist Information", "Taxi Stand", "Waiting Room",
             "No Smoking", "Ticket Gate", "Lost and Found"]

# --held-out: fonts, words and signs no tuning has seen (see the docstring).
HELD_OUT_PACKAGES = ["fonts-roboto-unhinted", "fonts-open-sans", "fonts-crosextra-carlito", "fonts-freefont-ttf",
                     "fonts-urw-base35", "fonts-noto-core", "fonts-nanum"]
HELD_OUT_FONT_DIRS = ["/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF", "/usr/share/fonts/truetype/open-sans",
                      "/usr/share/fonts/truetype/crosextra", "/usr/share/fonts/truetype/freefont",
                      "/usr/share/fonts/opentype/urw-base35", "/usr/share/fonts/truetype/noto"]
HELD_OUT_LATIN = ["Roboto-Regular.ttf", "Roboto-Bold.ttf", "OpenSans-Regular.ttf", "OpenSans-Bold.ttf",
                  "Carlito-Regular.ttf", "Carlito-Bold.ttf", "FreeSans.ttf", "FreeSerif.ttf", "NimbusSans-Regular.otf",
                  "NimbusRoman-Regular.otf", "NotoSans-Regular.ttf", "NotoSerif-Regular.ttf", "C059-Roman.otf",
                  "P052-Roman.otf"]
HELD_OUT_CJK = ["/usr/share/fonts/truetype/nanum/" + f for f in
                ["NanumGothic.ttf", "NanumBarunGothicBold.ttf", "NanumSquareB.ttf", "NanumMyeongjo.ttf",
                 "NanumGothicBold.ttf"]]
HELD_OUT_WORDS = ("account above across action active actual address advance advice afford agency agree ahead "
                  "allow almost alone along already amount animal annual answer anyone appear apply april argue "
                  "around arrive article artist assume attack attempt attend author autumn avoid award aware "
                  "balance basket battle beauty become behind belief belong benefit beside beyond billion border "
                  "bottle bottom branch breath brief bright broken budget burden button camera campus cancel "
                  "carbon career carry castle cattle caught cause centre chain chance change chapter charge "
                  "choice circle claim client climate closet coast coffee column comfort common concert "
                  "contain corner cotton county couple course cousin credit crisis critic crowd custom damage "
                  "danger debate decade decide defend degree demand depend desert detail device differ dinner "
                  "direct doctor double dozen drawer driver during early effort either eleven empire enable "
                  "energy engine enough entire escape estate evening except expect expert factor fairly "
                  "family farmer father favour female figure filter finger finish flight flower follow forest "
                  "formal fourth friend future galaxy garage gather gentle global golden ground growth guitar "
                  "handle happen harbour health heaven height hidden holder honest hunger island itself jacket "
                  "journey junior kitchen ladder lately launch lawyer leader league lesson letter likely listen "
                  "little living lovely luxury manner marble matter meadow medium member memory method middle "
                  "minute mirror mobile modest moment mostly mother motion muscle narrow nation nature nearby "
                  "neither nothing notice number object obtain office orange origin output owner palace "
                  "parent pencil period person planet plenty pocket poetry policy potato powder prefer pretty "
                  "prince profit proper public purple puzzle rabbit random rather reader reason record region "
                  "remain repair report rescue result return reveal ribbon rocket rubber sample saving "
                  "scheme screen season second secret senior series settle shadow silver simple sister "
                  "sketch smooth soccer source spirit spring square stable steady stream street strong "
                  "studio summit supply surely survey symbol tablet talent target temple tennis thirty "
                  "thread ticket timber tissue toward travel treaty tunnel twelve unique united valley "
                  "velvet victim violin visual volume wallet wander weekly window winter wisdom wonder worker "
                  "writer yellow").split()
HELD_OUT_KOREAN = ["우체국", "경찰서", "은행", "식당", "백화점", "공원", "학교", "정류소", "안전문", "출입금지", "계단",
                   "남자 화장실", "여자 화장실", "수유실", "물품 보관함", "매점", "영화관", "수하물 찾는 곳", "국제선",
                   "국내선", "탑승구", "관리사무소", "흡연실", "소화기", "에스컬레이터", "환전소", "시외버스",
                   "고속버스 터미널", "종합운동장", "시장"]
HELD_OUT_KOREAN_EN = ["Post Office", "Police Station", "Bank", "Restaurant", "Department Store", "Park", "School",
                      "Bus Stop", "Safety Door", "No Entry", "Stairs", "Men", "Women", "Nursing Room", "Lockers",
                      "Kiosk", "Cinema", "Baggage Claim", "International", "Domestic", "Boarding Gate",
                      "Management Office", "Smoking Room", "Fire Extinguisher", "Escalator", "Currency Exchange",
                      "Intercity Bus", "Express Bus Terminal", "Sports Complex", "Market"]


def hold_out():
    """Render with the held-out fonts and words from here on (--held-out)."""
    global FONT_DIRS, LATIN_FONTS, CJK_FONTS, WORDS, KOREAN, KOREAN_EN
    missing = [d for d in HELD_OUT_FONT_DIRS + HELD_OUT_CJK if not os.path.exists(d)]
    if missing:
        sys.exit("render_scenes.py: --held-out needs the Debian packages %s (missing: %s)"
                 % (" ".join(HELD_OUT_PACKAGES), missing[0]))
    FONT_DIRS, LATIN_FONTS, CJK_FONTS = HELD_OUT_FONT_DIRS, HELD_OUT_LATIN, HELD_OUT_CJK
    WORDS, KOREAN, KOREAN_EN = HELD_OUT_WORDS, HELD_OUT_KOREAN, HELD_OUT_KOREAN_EN


DARK = [(20, 50, 120), (15, 90, 60), (30, 30, 35), (120, 25, 30), (40, 40, 90), (0, 70, 110)]
LIGHT = [(245, 210, 40), (240, 240, 235), (250, 235, 200), (200, 225, 240), (255, 255, 255)]


def font(rng, size, cjk=False):
    if cjk:
        return ImageFont.truetype(rng.choice(CJK_FONTS), size)
    name = rng.choice(LATIN_FONTS)
    for d in FONT_DIRS:
        p = os.path.join(d, name)
        if os.path.exists(p):
            return ImageFont.truetype(p, size)
    return ImageFont.truetype(os.path.join(FONT_DIRS[0], "DejaVuSans.ttf"), size)


def phrase(rng):
    p = rng.choice(SIGN_PHRASES)
    h = rng.randint(6, 11)
    return p.format(n=rng.randint(1, 12), l=rng.choice("ABCDE"), h=h, h2=h + rng.randint(6, 12),
                    m="%02d" % rng.choice([0, 5, 12, 20, 35, 47]), place=rng.choice(PLACES),
                    p=rng.choice([1250, 1400, 2000]), p2=rng.choice([450, 700, 800]))


def sentence_words(rng, n):
    words = [rng.choice(WORDS) for _ in range(n)]
    words[0] = words[0].capitalize()
    return words


def wrap_lines(rng, fnt, width, count):
    """Paragraph text cut into lines that fit `width`: the ground truth is exactly these lines."""
    lines, cur = [], []
    while len(lines) < count:
        w = rng.choice(WORDS)
        if rng.random() < 0.08:
            w = w.capitalize()
        if rng.random() < 0.07:
            w += rng.choice([",", ".", ";"])
        trial = " ".join(cur + [w])
        if fnt.getlength(trial) > width and cur:
            lines.append(" ".join(cur))
            cur = [w]
        else:
            cur.append(w)
    return lines


def wall(rng, w, h):
    """A textured background: plaster or brick, which must not turn into text."""
    base = rng.choice([(150, 140, 130), (90, 85, 80), (180, 175, 165), (120, 110, 95)])
    img = Image.new("RGB", (w, h), base)
    d = ImageDraw.Draw(img)
    if rng.random() < 0.5:
        bh = rng.randint(30, 50)
        for y in range(0, h, bh):
            d.line([(0, y), (w, y)], fill=tuple(c - 35 for c in base), width=3)
            off = (y // bh) % 2 * 60
            for x in range(off, w, 120):
                d.line([(x, y), (x, y + bh)], fill=tuple(c - 35 for c in base), width=3)
    noise = Image.effect_noise((w, h), 18).convert("RGB")
    return ImageChops.add(ImageChops.multiply(img, Image.new("RGB", (w, h), (235, 235, 235))), noise, 1.0, -110)


def draw_panel(rng, img, box, lines, polarity, cjk_flags=None):
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(img)
    bg, fg = (rng.choice(DARK), (250, 250, 250)) if polarity == "light-on-dark" else (rng.choice(LIGHT), (15, 15, 20))
    if polarity == "light-on-dark" and rng.random() < 0.3:
        fg = (250, 220, 60)
    d.rectangle(box, fill=bg)
    n = len(lines)
    pad = 24
    # A sign's lines sit together as one block (leading 1.3-1.8 x size), centred in the panel.
    lead = rng.uniform(1.3, 1.8)
    size = int(min((y1 - y0 - 2 * pad) / (n * lead), 110))
    avail = size * lead
    top = y0 + (y1 - y0 - n * avail) / 2 - pad
    centred = rng.random() < 0.5
    for i, text in enumerate(lines):
        cjk = cjk_flags[i] if cjk_flags else False
        s = size
        f = font(rng, s, cjk)
        while f.getlength(text) > (x1 - x0 - 2 * pad) and s > 12:
            s -= 2
            f = font(rng, s, cjk)
        tw = f.getlength(text)
        x = x0 + ((x1 - x0 - tw) / 2 if centred else pad)
        y = top + pad + i * avail + (avail - s) / 2
        d.text((x, y), text, font=f, fill=fg)


def grid_boxes(rng, w, h, count, margin=60, gap_min=50):
    rows = 1 if count <= 2 else (2 if count <= 4 or rng.random() < 0.5 else 3)
    per_row = [count // rows + (1 if r < count % rows else 0) for r in range(rows)]
    gap = rng.randint(gap_min, 110)
    rh = (h - 2 * margin - gap * (rows - 1)) / rows
    boxes = []
    for r, k in enumerate(per_row):
        cw = (w - 2 * margin - gap * (k - 1)) / k
        for c in range(k):
            x0 = margin + c * (cw + gap)
            y0 = margin + r * (rh + gap)
            boxes.append((int(x0), int(y0), int(x0 + cw), int(y0 + rh)))
    return boxes


def scene_signs(rng, korean=False):
    w, h = rng.choice([(2048, 1536), (2048, 1152), (1536, 2048)])
    img = wall(rng, w, h)
    count = rng.randint(2, 6)
    boxes = grid_boxes(rng, w, h, count)
    mode = rng.choice(["light-on-dark", "dark-on-light", "mixed"])
    gt = []
    for i, box in enumerate(boxes):
        pol = mode if mode != "mixed" else ("light-on-dark" if i % 2 == 0 else "dark-on-light")
        if korean:
            k = rng.randrange(len(KOREAN))
            lines = [KOREAN[k], KOREAN_EN[k]]
            if rng.random() < 0.5:
                k2 = rng.randrange(len(KOREAN))
                lines += [KOREAN[k2], KOREAN_EN[k2]]
            flags = [j % 2 == 0 for j in range(len(lines))]
        else:
            lines = [phrase(rng) for _ in range(rng.randint(1, 4))]
            flags = None
        draw_panel(rng, img, box, lines, pol, flags)
        gt += lines
    return img, gt


def paper(rng, w, h):
    img = Image.new("RGB", (w, h), rng.choice([(60, 55, 50), (110, 90, 70), (40, 45, 60)]))
    m = rng.randint(20, 70)
    ImageDraw.Draw(img).rectangle((m, m, w - m, h - m), fill=rng.choice([(245, 243, 235), (236, 236, 230)]))
    return img, m


def scene_page(rng, body_size=None):
    w, h = rng.choice([(1536, 2048), (1448, 2048)])
    img, m = paper(rng, w, h)
    d = ImageDraw.Draw(img)
    left, right, top = m + 90, w - m - 90, m + 90
    tf = font(rng, rng.randint(54, 70))
    title = " ".join(sentence_words(rng, rng.randint(3, 5)))
    while tf.getlength(title) > right - left:
        title = title.rsplit(" ", 1)[0]
    d.text((left, top), title, font=tf, fill=(10, 10, 10))
    size = body_size or rng.randint(24, 30)
    bf = font(rng, size)
    gutter = 70
    colw = (right - left - gutter) / 2
    lead = int(size * 1.45)
    y0 = top + int(tf.size * 2)
    n = int((h - m - 90 - y0) / lead)
    gt = [title]
    for c in range(2):
        lines = wrap_lines(rng, bf, colw, n)
        x = left + c * (colw + gutter)
        for i, t in enumerate(lines):
            d.text((x, y0 + i * lead), t, font=bf, fill=(20, 20, 20))
        gt += lines
    return img, gt


def scene_poster(rng):
    w, h = rng.choice([(1536, 2048), (2048, 1536)])
    bg = rng.choice(LIGHT + DARK)
    fg = (15, 15, 15) if sum(bg) > 400 else (250, 250, 250)
    img = Image.new("RGB", (w, h), bg)
    d = ImageDraw.Draw(img)
    gt, y = [], 110
    sizes = [rng.randint(110, 150), rng.randint(60, 80)] + [rng.randint(34, 44)] * rng.randint(3, 5) \
        + [rng.randint(22, 26)] * 2
    for s in sizes:
        f = font(rng, s)
        t = phrase(rng) if s >= 34 else " ".join(sentence_words(rng, rng.randint(5, 8)))
        while f.getlength(t) > w - 200:
            t = t.rsplit(" ", 1)[0]
        x = (w - f.getlength(t)) / 2 if rng.random() < 0.6 else 100
        d.text((x, y), t, font=f, fill=fg)
        gt.append(t)
        y += max(int(s * 1.7), (h - 220) // len(sizes))
        if y > h - 100:
            break
    return img, gt


STREET_WORDS = ["Pharmacy", "Bakery", "Coffee", "Hotel", "Books", "Dental Clinic", "Bank", "Post Office", "Hair Salon",
                "Noodles", "Fresh Market", "Flowers", "Optician", "Laundry", "Bus Stop", "One Way", "No Parking",
                "Exit", "Open 24 Hours", "Sale", "Pizza", "Cinema", "Gallery", "Tailor", "Hardware", "Bicycles"]


def scene_street(rng):
    """A street photographed in passing: facades with rows of windows, trees, a road with cars, and a
    few small signs (a shop's board, a street sign, letters on a facade): the text is a small part of
    the picture and the textures are everywhere."""
    w, h = rng.choice([(2048, 1536), (2048, 1152)])
    sky = rng.choice([(170, 195, 225), (200, 205, 210), (140, 160, 190)])
    img = Image.new("RGB", (w, h), sky)
    d = ImageDraw.Draw(img)
    road = int(h * rng.uniform(0.7, 0.8))
    facades = []
    x = -rng.randint(0, 100)
    while x < w:
        bw, top = rng.randint(250, 650), int(h * rng.uniform(0.05, 0.45))
        colour = tuple(rng.randint(70, 200) for _ in range(3))
        d.rectangle((x, top, x + bw, road), fill=colour)
        ww, wh, gx, gy = rng.randint(22, 50), rng.randint(30, 60), rng.randint(20, 45), rng.randint(25, 50)
        shade = rng.choice([(40, 50, 60), (200, 210, 220), (90, 100, 110)])
        for wy in range(top + gy, road - wh - 80, wh + gy):
            for wx in range(x + gx, x + bw - ww, ww + gx):
                d.rectangle((wx, wy, wx + ww, wy + wh), fill=shade, outline=tuple(c // 2 for c in colour), width=2)
        facades.append((x, top, x + bw, colour))
        x += bw + rng.randint(0, 30)
    d.rectangle((0, road, w, h), fill=rng.choice([(85, 85, 90), (110, 105, 100)]))
    for lx in range(rng.randint(0, 100), w, 220):
        d.rectangle((lx, road + (h - road) // 2, lx + 110, road + (h - road) // 2 + 10), fill=(230, 230, 225))
    for _ in range(rng.randint(2, 5)):
        tx, ty, r = rng.randint(0, w), rng.randint(road - 400, road - 50), rng.randint(60, 160)
        d.rectangle((tx - 8, ty, tx + 8, road), fill=(70, 50, 35))
        for _ in range(40):
            cx, cy, cr = tx + rng.randint(-r, r), ty + rng.randint(-r, r // 2), rng.randint(15, 45)
            d.ellipse((cx - cr, cy - cr, cx + cr, cy + cr), fill=(rng.randint(20, 70), rng.randint(80, 140), 30))
    for _ in range(rng.randint(1, 4)):
        cx, cw = rng.randint(0, w - 300), rng.randint(220, 360)
        cy = road + rng.randint(10, max(11, (h - road) // 2))
        colour = tuple(rng.randint(20, 230) for _ in range(3))
        d.rounded_rectangle((cx, cy, cx + cw, cy + 90), 20, fill=colour)
        d.rectangle((cx + 40, cy - 40, cx + cw - 60, cy + 10), fill=colour)
        d.rectangle((cx + 55, cy - 30, cx + cw - 75, cy + 5), fill=(60, 70, 80))
        for wx in (cx + 50, cx + cw - 50):
            d.ellipse((wx - 25, cy + 65, wx + 25, cy + 115), fill=(20, 20, 20))
    gt, placed = [], []
    for _ in range(rng.randint(2, 5)):
        text = rng.choice(STREET_WORDS)
        if rng.random() < 0.3:
            text += " %d" % rng.randint(2, 99)
        size = rng.randint(18, 48)
        f = font(rng, size)
        tw = int(f.getlength(text))
        fx0, ftop, fx1, colour = rng.choice(facades)
        x = rng.randint(max(0, fx0), max(max(0, fx0), min(w - tw - 30, fx1 - tw - 30)))
        # A facade starting within a sign's width of the right edge would put the sign partly out of the
        # picture, its words in the truth but not in the photo: it hangs over the facade's left edge instead.
        x = min(x, w - tw - 30)
        y = rng.randint(ftop + 10, max(ftop + 11, road - size - 40))
        if any(abs(y - oy) < size + osz and x < ox + ow + 40 and ox < x + tw + 40 for ox, oy, ow, osz in placed):
            continue
        if rng.random() < 0.7:
            board = rng.choice(DARK + LIGHT)
            fg = (250, 250, 250) if board in DARK else (15, 15, 20)
            pad = size // 3
            d.rectangle((x - pad, y - pad, x + tw + pad, y + size + pad), fill=board)
        else:
            # Letters on the facade itself (a plain fascia, no windows behind), dark or light against it.
            fg = (15, 15, 20) if sum(colour) > 380 else (250, 250, 245)
            pad = size // 4
            d.rectangle((x - pad, y - pad, x + tw + pad, y + size + pad), fill=colour)
        d.text((x, y), text, font=f, fill=fg)
        placed.append((x, y, tw, size))
        gt.append(text)
    return img, gt


def keystone(prng, img):
    """The picture as photographed from one side, above or below: the far edge shorter by 6-16%."""
    w, h = img.size
    k = prng.uniform(0.06, 0.16)
    side = prng.choice(["left", "right", "top", "bottom"])
    dw, dh = k * w / 2, k * h / 2
    corners = {"left": [(0, dh), (w, 0), (w, h), (0, h - dh)], "right": [(0, 0), (w, dh), (w, h - dh), (0, h)],
               "top": [(dw, 0), (w - dw, 0), (w, h), (0, h)], "bottom": [(0, 0), (w, 0), (w - dw, h), (dw, h)]}[side]
    src = [(0, 0), (w, 0), (w, h), (0, h)]
    fill = img.getpixel((2, 2))
    return img.transform((w, h), Image.PERSPECTIVE, perspective_coefficients(corners, src), Image.BICUBIC,
                         fillcolor=fill)


def shaken(srng, img):
    """The picture as photographed by a hand that moved: the mean of copies shifted along one direction,
    3-8 px in all (a box-shaped motion blur), and the streak drawn: {"length": px moved (each point drawn
    into a box length + 1 px wide), "angle": degrees clockwise from the x axis, as y runs down}."""
    length = srng.randint(3, 8)
    degrees = srng.uniform(0, 180)
    angle = math.radians(degrees)
    fill = img.getpixel((2, 2))
    out = None
    for k in range(length + 1):
        t = k - length / 2
        shifted = img.transform(img.size, Image.AFFINE, (1, 0, t * math.cos(angle), 0, 1, t * math.sin(angle)),
                                Image.BILINEAR, fillcolor=fill)
        out = shifted if out is None else Image.blend(out, shifted, 1 / (k + 1))
    return out, {"length": length, "angle": round(degrees, 1)}


def damage(rng, img, tilt=True, prng=None, srng=None):
    w, h = img.size
    if prng is not None:
        img = keystone(prng, img)
    if tilt:
        angle = rng.uniform(-2.5, 2.5)
        fill = img.getpixel((2, 2))
        img = img.rotate(angle, resample=Image.BICUBIC, expand=False, fillcolor=fill)
    # Uneven light: a gradient from one side, as from a window or a lamp.
    g = Image.linear_gradient("L").rotate(rng.choice([0, 90, 180, 270])).resize((w, h), Image.BILINEAR)
    lo = rng.randint(110, 190)
    g = g.point(lambda v: lo + (255 - lo) * v // 255).convert("RGB")
    img = ImageChops.multiply(img, g)
    shake = None
    if srng is not None:
        img, shake = shaken(srng, img)
    img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.4, 1.3)))
    noise = Image.effect_noise((w, h), rng.uniform(6, 14)).convert("RGB")
    img = ImageChops.add(img, noise, 1.0, -128)
    if shake is not None:
        img.info["shake"] = shake
    return img


def main():
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__.strip())
        sys.exit(0)
    # OUTDIR comes first: an option in its place ("--seed 3 out") would become a folder named "--seed".
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(64)
    out = sys.argv[1]
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 7
    per = int(sys.argv[sys.argv.index("--per-type") + 1]) if "--per-type" in sys.argv else 6
    if "--held-out" in sys.argv:
        hold_out()
    rng = random.Random(seed)
    # Keystone draws come from their own source, so the scenes of a seed are the same with or without.
    prng = random.Random(seed + 1000003) if "--perspective" in sys.argv else None
    srng = random.Random(seed + 2000003) if "--shaken" in sys.argv else None
    os.makedirs(out, exist_ok=True)
    scenes = []

    def add(kind, img, gt, lang="eng", rotation=0):
        name = "%s-%02d" % (kind, sum(1 for s in scenes if s["type"] == kind) + 1)
        shake = img.info.get("shake")
        if rotation:
            # The text stands turned clockwise by `rotation`; PIL turns counter-clockwise.
            img = img.rotate(-rotation, expand=True)
        img.save(os.path.join(out, name + ".jpg"), quality=88)
        scene = {"name": name, "file": name + ".jpg", "type": kind, "languages": lang,
                 "textRotation": rotation, "lines": gt}
        if shake is not None:
            # In the photo's frame: the streak turned with the picture.
            scene["shake"] = {"length": shake["length"], "angle": round((shake["angle"] + rotation) % 180, 1)}
        scenes.append(scene)

    for _ in range(per + 2):
        img, gt = scene_signs(rng)
        add("signs", damage(rng, img, prng=prng, srng=srng), gt)
    for _ in range(per):
        img, gt = scene_page(rng)
        add("pages", damage(rng, img, prng=prng, srng=srng), gt)
    for _ in range(per):
        img, gt = scene_poster(rng)
        add("posters", damage(rng, img, prng=prng, srng=srng), gt)
    for _ in range(max(2, per // 2)):
        img, gt = scene_page(rng, body_size=rng.randint(13, 16))
        add("small", damage(rng, img, prng=prng, srng=srng), gt)
    for _ in range(per):
        img, gt = scene_signs(rng, korean=True)
        add("korean", damage(rng, img, prng=prng, srng=srng), gt, lang="kor+eng")
    for i in range(per):
        img, gt = scene_page(rng) if i % 2 == 0 else scene_signs(rng)
        add("rotated", damage(rng, img, prng=prng, srng=srng), gt, rotation=[90, 180, 270][i % 3])
    # Last, so the scenes before them stay what they were for a seed.
    for _ in range(per):
        img, gt = scene_street(rng)
        add("street", damage(rng, img, prng=prng, srng=srng), gt)
    with open(os.path.join(out, "scenes.json"), "w") as f:
        json.dump(scenes, f, ensure_ascii=False, indent=1)
    print("%d scenes in %s" % (len(scenes), out), file=sys.stderr)


if __name__ == "__main__":
    main()

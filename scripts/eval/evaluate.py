#!/usr/bin/python3
"""Score OCR on rendered scenes (and optionally ICDAR scene-text photos): ours vs. tesseract defaults.

Usage: evaluate.py SCENES_DIR [--runner CMD] [--scenetext DIR] [--only TYPE] [--show] [--no-tesseract]

SCENES_DIR holds scenes.json and images from render_scenes.py. For each image:
  ours       CMD IMAGE... prints one JSON object per image and line, with "lines" (each with "text",
             in numbered order) and, when it knows it, "ocrSeconds". Default CMD is
             `prepare-photo --out TMP --json --lang L`: the lines of the moment, and the time of
             the OCR stage its progress line reports ("prepared F in T s (text S s)": S, the
             engine's work on the copy, the engine already loaded); the whole run is timed too.
  tesseract  `tesseract IMAGE - -l L` with its defaults (OMP_THREAD_LIMIT=1, as we run); its
             numbered lines are the non-empty lines it prints, in its order.
Figures per scene type and in total:
  recall   a GT line counts as found when one numbered line matches it with at most 20% character errors
  order    of consecutive GT lines that are both found, the share whose numbers increase
  CER      all numbered lines joined in order vs. GT lines joined in reading order (edits / GT chars)
  junk     numbered lines that match no GT line (per photo)
  s/photo  time per photo: ours the OCR stage, tesseract its whole run (the figures below the
           table say how much of that is its start-up, and what our whole run takes)
Scene text (ICDAR 2015 style gt_img_N.txt beside img_N.jpg): word recall and precision.
"""
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time


def edits(a, b):
    """Levenshtein distance between strings a and b (Hyyro's bit-parallel form of Myers' algorithm,
    so whole pages compare in milliseconds)."""
    if not a:
        return len(b)
    if not b:
        return len(a)
    m = len(a)
    full = (1 << m) - 1
    top = 1 << (m - 1)
    peq = {}
    for i, c in enumerate(a):
        peq[c] = peq.get(c, 0) | (1 << i)
    pv, mv, score = full, 0, m
    for c in b:
        eq = peq.get(c, 0)
        xv = eq | mv
        xh = (((eq & pv) + pv) ^ pv) | eq
        ph = mv | (~(xh | pv) & full)
        mh = pv & xh
        if ph & top:
            score += 1
        elif mh & top:
            score -= 1
        ph = ((ph << 1) | 1) & full
        mh = (mh << 1) & full
        pv = mh | (~(xv | ph) & full)
        mv = ph & xv
    return score


def norm(s):
    return " ".join(s.split())


def match_lines(gt, pred):
    """For each GT line the index of the numbered line matching it (<= 20% CER), or None.

    Best matches are taken first so that one numbered line matches at most one GT line.
    """
    cands = []
    for i, g in enumerate(gt):
        g = norm(g)
        for j, p in enumerate(pred):
            p = norm(p)
            if abs(len(p) - len(g)) > 0.2 * max(len(g), 1):
                continue
            e = edits(g, p) / max(len(g), 1)
            if e <= 0.2:
                cands.append((e, i, j))
    cands.sort()
    found, used = [None] * len(gt), set()
    for e, i, j in cands:
        if found[i] is None and j not in used:
            found[i] = j
            used.add(j)
    return found


def score(gt, pred):
    found = match_lines(gt, pred)
    pairs = [(found[i], found[i + 1]) for i in range(len(gt) - 1)
             if found[i] is not None and found[i + 1] is not None]
    g, p = "\n".join(norm(x) for x in gt), "\n".join(norm(x) for x in pred)
    return {"gt": len(gt), "found": sum(f is not None for f in found), "pairs": len(pairs),
            "ordered": sum(a < b for a, b in pairs), "chars": len(g), "edits": edits(g, p),
            "junk": len(pred) - sum(f is not None for f in found)}


WHOLE = {"seconds": 0.0, "stage": 0.0, "photos": 0}
STAGE = re.compile(r"prepared .* in ([0-9.]+) s \(text ([0-9.]+) s\)$", re.MULTILINE)


def run_ours(runner, image, lang, tmp):
    """The numbered lines of our pipeline and its OCR stage's time for this photo (the whole run's
    when it does not say)."""
    if runner:
        cmd = shlex.split(runner) + ["--lang", lang, image]
    else:
        out = tempfile.mkdtemp(dir=tmp)
        cmd = ["prepare-photo", "--out", out, "--json", "--lang", lang, image]
    t0 = time.time()
    r = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.time() - t0
    if r.returncode != 0:
        print("  ours failed on %s: %s" % (image, r.stderr.strip()[-300:]), file=sys.stderr)
        return [], wall, None
    obj = json.loads(r.stdout.strip().splitlines()[-1])
    lines = sorted(obj.get("lines", []), key=lambda l: l.get("number", 0))
    rot = (obj.get("ocr") or {}).get("textRotation", obj.get("textRotation"))
    stage = STAGE.search(r.stderr)
    seconds = float(stage.group(2)) if stage else obj.get("ocrSeconds", wall)
    WHOLE["seconds"] += wall
    WHOLE["stage"] += seconds
    WHOLE["photos"] += 1
    return [l["text"] for l in lines], seconds, rot


def tesseract_startup(tmp):
    """Seconds tesseract takes to start, load its model and read a blank image (fastest of three)."""
    from PIL import Image
    blank = os.path.join(tmp, "blank.png")
    Image.new("L", (64, 64), 255).save(blank)
    return min(run_tesseract(blank, "eng")[1] for _ in range(3))


def timing_note(tmp):
    if WHOLE["photos"]:
        print("time: ours = the OCR stage (engine loaded); over all %d photos of this run it took %.2f s per photo, "
              "our whole run (start, decode, copy, text, stamp, write) %.2f s. tesseract = its whole run, of which "
              "%.2f s is start-up (model load)." % (WHOLE["photos"], WHOLE["stage"] / WHOLE["photos"],
                                                   WHOLE["seconds"] / WHOLE["photos"], tesseract_startup(tmp)))


def run_tesseract(image, lang):
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    t0 = time.time()
    r = subprocess.run(["tesseract", image, "-", "-l", lang], capture_output=True, text=True, env=env)
    dt = time.time() - t0
    return [l.strip() for l in r.stdout.splitlines() if l.strip()], dt


def add(acc, key, s, dt):
    a = acc.setdefault(key, {"photos": 0, "gt": 0, "found": 0, "pairs": 0, "ordered": 0, "chars": 0,
                             "edits": 0, "junk": 0, "time": 0.0})
    a["photos"] += 1
    a["time"] += dt
    for k in ("gt", "found", "pairs", "ordered", "chars", "edits", "junk"):
        a[k] += s[k]


def pct(n, d):
    return "%5.1f%%" % (100.0 * n / d) if d else "   - "


def table(acc, order):
    print("%-9s %6s | %-36s | %-36s" % ("", "", "ours", "tesseract defaults"))
    hdr = "%6s %6s %6s %6s %7s" % ("recall", "order", "CER", "junk", "s/photo")
    print("%-9s %6s | %s | %s" % ("type", "photos", hdr, hdr))
    for key in order + ["total"]:
        row = []
        for who in ("ours", "tess"):
            a = acc[who].get(key)
            if not a:
                break
            row.append("%6s %6s %6s %6.1f %7.2f" % (pct(a["found"], a["gt"]), pct(a["ordered"], a["pairs"]),
                                                   pct(a["edits"], a["chars"]), a["junk"] / a["photos"],
                                                   a["time"] / a["photos"]))
        if len(row) == 2:
            print("%-9s %6d | %s | %s" % (key, acc["ours"][key]["photos"], row[0], row[1]))


WORD = re.compile(r"[^\W_]+(?:['’.\-][^\W_]+)*", re.UNICODE)


def words(text):
    return [w.lower() for w in WORD.findall(text) if len(w) >= 2 or w.isdigit()]


def word_row(rows, who):
    """`rows[who]`, a new word tally if there is none yet."""
    return rows.setdefault(who, {"gt": 0, "hit": 0, "pred": 0, "ok": 0, "time": 0.0, "photos": 0})


def word_counts(gt_words, pred_words, r):
    """Adds to `r` the words of the ground truth found (each predicted word used once) and the
    predicted words that are in the ground truth."""
    pool = list(pred_words)
    for w in gt_words:
        if w in pool:
            pool.remove(w)
            r["hit"] += 1
    gpool = list(gt_words)
    for w in pred_words:
        if w in gpool:
            gpool.remove(w)
            r["ok"] += 1
    r["gt"] += len(gt_words)
    r["pred"] += len(pred_words)


def word_table(title, rows):
    print(title)
    for who, label in (("ours", "ours"), ("tess", "tesseract defaults")):
        r = rows.get(who)
        if r:
            print("  %-20s recall %s  precision %s  %5.2f s" % (label, pct(r["hit"], r["gt"]), pct(r["ok"], r["pred"]),
                                                               r["time"] / max(r["photos"], 1)))


def scenetext(directory, runner, tmp):
    rows = {}
    for name in sorted(os.listdir(directory)):
        m = re.match(r"gt_img_(\d+)\.txt$", name)
        if not m:
            continue
        image = os.path.join(directory, "img_%s.jpg" % m.group(1))
        if not os.path.exists(image):
            continue
        gt = []
        with open(os.path.join(directory, name), encoding="utf-8-sig") as f:
            for line in f:
                parts = line.strip().split(",", 8)
                if len(parts) == 9 and parts[8] != "###":
                    gt += words(parts[8])
        ours, dt, _ = run_ours(runner, image, "eng", tmp)
        tess, dt2 = run_tesseract(image, "eng")
        for who, lines, t in (("ours", ours, dt), ("tess", tess, dt2)):
            r = word_row(rows, who)
            word_counts(gt, words(" ".join(lines)), r)
            r["time"] += t
            r["photos"] += 1
    if rows:
        word_table("\nscene text (%s, %d photos): word recall / precision / s per photo" % (
            directory, rows["ours"]["photos"]), rows)


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        # Asked for, the usage goes to stdout; for a missing folder, to stderr as an error.
        print(__doc__.strip(), file=sys.stdout if args else sys.stderr)
        sys.exit(0 if args else 64)
    opt = lambda k: args[args.index(k) + 1] if k in args else None
    scenes_dir = args[0]
    runner = opt("--runner") or os.environ.get("OCR_RUNNER")
    only = opt("--only")
    listing = os.path.join(scenes_dir, "scenes.json")
    if not os.path.isfile(listing):
        sys.exit("evaluate.py: %s holds no scenes.json (render one with render_scenes.py)" % scenes_dir)
    with open(listing) as f:
        scenes = json.load(f)
    if only and not any(sc["type"] == only for sc in scenes):
        sys.exit("evaluate.py: no scene of type %r in %s (types: %s)" % (
            only, scenes_dir, ", ".join(sorted({sc["type"] for sc in scenes}))))
    acc = {"ours": {}, "tess": {}}
    order = []
    rot_ok = [0, 0]
    street = {}
    with tempfile.TemporaryDirectory() as tmp:
        for sc in scenes:
            if only and sc["type"] != only:
                continue
            if sc["type"] not in order and sc["type"] != "street":
                order.append(sc["type"])
            image = os.path.join(scenes_dir, sc["file"])
            ours, dt, rot = run_ours(runner, image, sc["languages"], tmp)
            tess, dt2 = run_tesseract(image, sc["languages"]) if "--no-tesseract" not in args else ([], 0.0)
            s1, s2 = score(sc["lines"], ours), score(sc["lines"], tess)
            if sc["textRotation"]:
                rot_ok[1] += 1
                rot_ok[0] += rot == sc["textRotation"]
            if sc["type"] != "street":
                for who, s, t in (("ours", s1, dt), ("tess", s2, dt2)):
                    add(acc[who], sc["type"], s, t)
                    add(acc[who], "total", s, t)
            else:
                # A street's signs have no reading order: they are scored by words, below.
                for who, lines, t in (("ours", ours, dt), ("tess", tess, dt2)):
                    r = word_row(street, who)
                    word_counts(words(" ".join(sc["lines"])), words(" ".join(lines)), r)
                    r["time"] += t
                    r["photos"] += 1
            print("%-12s ours %2d/%2d junk %d CER %5.1f%% %5.2fs | tess %2d/%2d CER %5.1f%% %5.2fs" % (
                sc["name"], s1["found"], s1["gt"], s1["junk"], 100.0 * s1["edits"] / max(s1["chars"], 1), dt,
                s2["found"], s2["gt"], 100.0 * s2["edits"] / max(s2["chars"], 1), dt2), file=sys.stderr)
            if "--show" in args:
                print("   ours: %s\n   gt:   %s" % (ours, sc["lines"]), file=sys.stderr)
        print()
        table(acc, order)
        if rot_ok[1]:
            print("textRotation right on %d of %d turned photos (ours)" % tuple(rot_ok))
        if street:
            word_table("\nstreet scenes (%d photos): word recall / precision / s per photo" % street["ours"]["photos"],
                       street)
        st = opt("--scenetext")
        if st and os.path.isdir(st) and not only:
            scenetext(st, runner, tmp)
        if "--no-tesseract" not in args:
            timing_note(tmp)


if __name__ == "__main__":
    main()

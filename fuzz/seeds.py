#!/usr/bin/python3
"""Writes small seed inputs for every fuzz target into CORPUS/<target>/ (default fuzz/corpus).

Seeds are built here from nothing (Pillow and hand-built EXIF/TIFF), so no fixture is committed
and the corpus folders stay out of git. Run by fuzz/run.sh when a target's corpus is empty.
"""
import io
import os
import struct
import sys

from PIL import Image

out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "corpus")


def write(target, name, data):
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def tiff_block(big_endian, with_gps=True, thumbnail=b""):
    """A camera-like TIFF block: IFD0 (Make, Model, Orientation, Exif and GPS pointers), Exif IFD
    (DateTimeOriginal, OffsetTimeOriginal, SubSecTimeOriginal, MakerNote), GPS IFD, IFD1 thumbnail."""
    e = ">" if big_endian else "<"
    data = bytearray(b"MM\x00\x2a" if big_endian else b"II\x2a\x00")
    data += struct.pack(e + "I", 8)
    sizes = {1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1}

    def ifd(entries, at, next_ifd=0):
        """entries: (tag, type, count, raw bytes). Returns the IFD bytes placed at offset `at`."""
        head = bytearray(struct.pack(e + "H", len(entries)))
        extra = bytearray()
        extra_at = at + 2 + 12 * len(entries) + 4
        for tag, typ, count, raw in sorted(entries):
            head += struct.pack(e + "HHI", tag, typ, count)
            if len(raw) <= 4:
                head += raw.ljust(4, b"\x00")
            else:
                head += struct.pack(e + "I", extra_at + len(extra))
                extra += raw + (b"\x00" if len(raw) % 2 else b"")
        head += struct.pack(e + "I", next_ifd)
        return bytes(head + extra)

    def ascii(tag, s):
        raw = s.encode() + b"\x00"
        return (tag, 2, len(raw), raw)

    def short(tag, v):
        return (tag, 3, 1, struct.pack(e + "H", v))

    def long(tag, v):
        return (tag, 4, 1, struct.pack(e + "I", v))

    def rationals(tag, vals):
        return (tag, 5, len(vals), b"".join(struct.pack(e + "II", n, d) for n, d in vals))

    # Lay out: IFD0 at 8, then Exif IFD, GPS IFD, IFD1, thumbnail. Offsets need sizes first.
    exif_entries = [ascii(0x9003, "2026:11:29 15:45:00"), ascii(0x9011, "+09:00"), ascii(0x9291, "123"),
                    (0x927C, 7, 12, b"MAKERNOTE\x00\x01\x02")]
    gps_entries = [(0x0000, 1, 4, b"\x02\x03\x00\x00"), ascii(0x0001, "N"), rationals(0x0002, [(37, 1), (33, 1), (169, 10)]),
                   ascii(0x0003, "E"), rationals(0x0004, [(126, 1), (58, 1), (146, 10)]),
                   (0x0005, 1, 1, b"\x00"), rationals(0x0006, [(38, 1)]), rationals(0x0007, [(6, 1), (44, 1), (58, 1)]),
                   ascii(0x001D, "2026:11:29")]
    ifd0_entries = [ascii(0x010F, "FuzzCam"), ascii(0x0110, "Model 1"), short(0x0112, 6), long(0x8769, 0)]
    if with_gps:
        ifd0_entries.append(long(0x8825, 0))
    ifd0_len = len(ifd(ifd0_entries, 8))
    exif_at = 8 + ifd0_len
    exif_len = len(ifd(exif_entries, exif_at))
    gps_at = exif_at + exif_len
    gps_len = len(ifd(gps_entries, gps_at)) if with_gps else 0
    ifd1_at = gps_at + gps_len
    ifd0_entries = [x for x in ifd0_entries if x[0] not in (0x8769, 0x8825)] + [long(0x8769, exif_at)]
    if with_gps:
        ifd0_entries.append(long(0x8825, gps_at))
    ifd1_entries = [short(0x0103, 6), long(0x0201, 0), long(0x0202, len(thumbnail))]
    ifd1_len = len(ifd(ifd1_entries, ifd1_at))
    ifd1_entries = [short(0x0103, 6), long(0x0201, ifd1_at + ifd1_len), long(0x0202, len(thumbnail))]
    data += ifd(ifd0_entries, 8, ifd1_at if thumbnail else 0)
    data += ifd(exif_entries, exif_at)
    if with_gps:
        data += ifd(gps_entries, gps_at)
    if thumbnail:
        data += ifd(ifd1_entries, ifd1_at) + thumbnail
    return bytes(data)


def jpeg(mode="RGB", size=(16, 8), **kw):
    im = Image.new(mode, size)
    for x in range(size[0]):
        for y in range(size[1]):
            v = (x * 37 + y * 11) % 256
            im.putpixel((x, y), v if mode == "L" else (v, 255 - v, (v * 3) % 256) if mode == "RGB" else (v, 0, 255 - v, 30))
    b = io.BytesIO()
    im.save(b, "JPEG", quality=kw.pop("quality", 70), **kw)
    return b.getvalue()


def segment(marker, payload):
    return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload


def insert_after_soi(j, *segs):
    return j[:2] + b"".join(segs) + j[2:]


def mpf_segment(offset):
    """An MPF APP2 index naming two pictures, the second `offset` bytes after the MPF header."""
    e = "<"
    entries = struct.pack(e + "IIIHH", 0x20030000, 1000, 0, 0, 0) + struct.pack(e + "IIIHH", 0x00010000, 500, offset, 0, 0)
    ifd = struct.pack(e + "H", 3)
    ifd += struct.pack(e + "HHI", 0xB000, 7, 4) + b"0100"
    ifd += struct.pack(e + "HHII", 0xB001, 4, 1, 2)
    ifd += struct.pack(e + "HHII", 0xB002, 7, 32, 8 + 2 + 36 + 4)
    ifd += struct.pack(e + "I", 0)
    return segment(0xE2, b"MPF\x00" + b"II\x2a\x00" + struct.pack(e + "I", 8) + ifd + entries)


tiny = jpeg()
grey = jpeg("L")
le = tiff_block(False, thumbnail=jpeg(size=(8, 8), quality=30))
be = tiff_block(True, with_gps=False)
icc = Image.new("RGB", (1, 1))
try:
    from PIL import ImageCms
    icc_bytes = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
except Exception:
    icc_bytes = b"\x00" * 128
xmp = ('<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n<x:xmpmeta xmlns:x="adobe:ns:meta/">\n'
       ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n'
       '  <rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/"'
       ' xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/" Iptc4xmpCore:Location="Old">\n'
       '   <exif:DateTimeOriginal>2026-11-29T15:45:00+09:00</exif:DateTimeOriginal>\n'
       '   <Iptc4xmpCore:Location>Old place</Iptc4xmpCore:Location>\n'
       '  </rdf:Description>\n </rdf:RDF>\n</x:xmpmeta>\n<?xpacket end="w"?>')
xmp_selfclosed = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>'
xmp_sig = b"http://ns.adobe.com/xap/1.0/\x00"

# segments: whole JPEGs with many kinds of segment.
full = insert_after_soi(tiny, segment(0xE1, b"Exif\x00\x00" + le), segment(0xE1, xmp_sig + xmp.encode()),
                        segment(0xE2, b"ICC_PROFILE\x00\x01\x02" + icc_bytes[:200]),
                        segment(0xE2, b"ICC_PROFILE\x00\x02\x02" + icc_bytes[200:]))
write("segments", "plain.jpg", tiny)
write("segments", "full.jpg", full)
write("segments", "mpf.jpg", insert_after_soi(tiny, mpf_segment(len(tiny))) + tiny)
write("segments", "fill-bytes.jpg", tiny[:2] + b"\xff\xff\xff" + tiny[2:] + b"trailing data after EOI")
for name, tb in (("le.tiff", le), ("be.tiff", be), ("le-nogps.tiff", tiff_block(False, with_gps=False))):
    write("exif-read", name, tb)
    write("exif-stamp", name, tb)
write("exif-read", "header-only.tiff", b"II\x2a\x00\x08\x00\x00\x00\x00\x00")
write("xmp-merge", "full.xmp", xmp)
write("xmp-merge", "selfclosed.xmp", xmp_selfclosed)
write("xmp-merge", "prefixed.xmp", xmp.replace("rdf:", "r:").replace("xmlns:rdf", "xmlns:r"))
write("gpx", "track.gpx", """<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="fuzz" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>t</name><trkseg>
<trkpt lat="37.5547" lon="126.9707"><ele>38.5</ele><time>2026-11-29T06:40:00Z</time></trkpt>
<trkpt lat="37.5550" lon="126.9710"><time>2026-11-29T06:45:00.250Z</time></trkpt>
<trkpt lat="-33.8" lon="-151.2"><time>2026-11-29T07:45:00+09:00</time></trkpt>
</trkseg></trk><rte><rtept lat="1" lon="2"><time>2026-11-29T08:00:00Z</time></rtept></rte></gpx>""")
moment = """{"schema":1,"id":"01JDQ2V8Y3K7G5N4ZC0M1T6R9A","kind":"photo","clientRequestId":"photo-01JDQ2V8Y3K7G5N4ZC0M1T6R9A",
"capturedAt":"2026-11-29T06:45:00.123Z","timezone":"Asia/Seoul","localDate":"2026-11-29","situation":"station",
"placeName":"Seoul Station","location":{"lat":37.5547,"lon":126.9707,"accuracyM":12,"altitudeM":null,
"sampledAt":"2026-11-29T06:44:58.000Z","source":"flags"},"crumb":null,
"source":{"name":"IMG_0042.jpg","sha256":"ab","format":"jpeg"},
"original":{"file":"original.jpg","width":4032,"height":3024,"orientation":6},
"copy":{"file":"copy.jpg","width":1536,"height":2048},"ocr":{"engine":"tesseract 5.3.0","languages":"eng","textRotation":0},
"lines":[{"number":1,"text":"PLATFORM 3","confidence":95.3,"box":{"x":96,"y":310,"width":720,"height":80}}],
"preparedAt":"2026-11-29T06:45:01.456Z","warnings":["w"]}"""
write("moment", "moment.json", moment)
write("moment", "minimal.json", moment.replace('"location":{"lat":37.5547,"lon":126.9707,"accuracyM":12,"altitudeM":null,\n"sampledAt":"2026-11-29T06:44:58.000Z","source":"flags"}', '"location":null'))
write("prepare", "rgb.jpg", full)
write("prepare", "grey.jpg", grey)
write("prepare", "cmyk.jpg", jpeg("CMYK"))
write("prepare", "progressive.jpg", jpeg(progressive=True, subsampling=2))
write("prepare", "rotated.jpg", insert_after_soi(jpeg(size=(24, 10)), segment(0xE1, b"Exif\x00\x00" + be)))
for fmt, ext, mode in (("PNG", "png", "RGBA"), ("TIFF", "tif", "RGB"), ("BMP", "bmp", "RGB"), ("GIF", "gif", "P"),
                       ("PPM", "ppm", "RGB"), ("WEBP", "webp", "RGB")):
    b = io.BytesIO()
    try:
        Image.new(mode, (12, 7), 120).save(b, fmt)
        write("prepare", "tiny." + ext, b.getvalue())
    except Exception as exc:  # a Pillow without WebP: skip that seed
        print("seeds: no", fmt, exc, file=sys.stderr)
print("seeds: written to", out, file=sys.stderr)

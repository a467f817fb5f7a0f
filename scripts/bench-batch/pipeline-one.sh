#!/usr/bin/env bash
# The shell pipeline a user would write instead of prepare-photo, for one photo:
#   pipeline-one.sh OUTDIR PHOTO
# keeps the original, makes the 2048-pixel upright copy (vipsthumbnail), reads its text
# (tesseract, TSV with boxes), and stamps capture time and place into both (exiftool).
set -euo pipefail
out="$1/$(basename "$2" .jpg)"
mkdir -p "$out"
cp "$2" "$out/original.jpg"
vipsthumbnail "$2" --size 2048 -o "$out/copy.jpg[Q=90]"
tesseract "$out/copy.jpg" "$out/lines" -l eng tsv 2>/dev/null
exiftool -q -overwrite_original -DateTimeOriginal="2026:11:29 15:45:00" -OffsetTimeOriginal="+09:00" \
    -GPSLatitude=37.5547 -GPSLatitudeRef=N -GPSLongitude=126.9707 -GPSLongitudeRef=E \
    "$out/original.jpg" "$out/copy.jpg"

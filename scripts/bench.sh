#!/usr/bin/env bash
# The benchmark of issue 2: PhotoPrep's copy and OCR stages beside libvips and the tesseract CLI.
#
#   make bench            (or: bash scripts/bench.sh)
#
# In one go it renders a 12 MP (4032x3024) and a 48 MP (8064x6048) photo-like JPEG (Q92, 4:2:0) into a
# temporary folder, builds photoprep-bench in release, and prints for each size:
#   copy  time (median of BENCH_RUNS runs) and peak memory of `photoprep-bench copy` (read, DCT-scaled
#         decode, orient, Lanczos-3 to 2048, encode Q90, write) beside `vipsthumbnail IN -s 2048x2048> -o copy.jpg[Q=90]`
#   ocr   time (median of BENCH_OCR_RUNS runs) of our `recognize` call and of our whole OCR process, and
#         peak memory, beside `tesseract COPY -` on the same copy (our copy)
#   profile  one in-process run of each step of our copy (decode at the chosen DCT scale and at 1/1,
#         Lanczos, encode), to show where the time goes
#   psnr  of our copy and of vipsthumbnail's against ImageMagick's
#         `convert IN -auto-orient -filter Lanczos -resize 2048x2048> ref.png`
# with ratios ours/peer and the aims of issue 2 (copy >= 1.5x faster than vipsthumbnail on 12 MP; peak
# memory for 48 MP < 300 MB).
#
# Times are wall-clock seconds of the whole process for both sides (same wrapper, monotonic
# nanoseconds), peak memory is /usr/bin/time's maximum resident set size. The peers run with their
# defaults (libvips and Tesseract may use both cores); our stages run on one thread.
#
# Environment: BENCH_RUNS (default 5), BENCH_OCR_RUNS (default 3), BENCH_SCRATCH (swift scratch path,
# default .build/bench in the repository), BENCH_BIN (a photoprep-bench already built: no build), BENCH_KEEP=1 keeps the work folder, BENCH_SIZES (default "12 48").

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=${BENCH_RUNS:-5}
OCR_RUNS=${BENCH_OCR_RUNS:-3}
SCRATCH=${BENCH_SCRATCH:-$ROOT/.build/bench}
SIZES=${BENCH_SIZES:-"12 48"}
PYTHON=/usr/bin/python3
CONVERT=/usr/bin/convert
COMPARE=/usr/bin/compare
GNU_TIME=/usr/bin/time

say() { printf '%s\n' "$*" >&2; }
die() { say "bench: $*"; exit 1; }

missing=()
[ -x "$GNU_TIME" ] || missing+=("time")
command -v vipsthumbnail >/dev/null || missing+=("libvips-tools")
command -v tesseract >/dev/null || missing+=("tesseract-ocr tesseract-ocr-eng")
[ -x "$CONVERT" ] && [ -x "$COMPARE" ] || missing+=("imagemagick")
[ -x "$PYTHON" ] && "$PYTHON" -c 'import PIL' 2>/dev/null || missing+=("python3-pil")
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ] || missing+=("fonts-dejavu")
if [ ${#missing[@]} -gt 0 ]; then
    die "missing Debian packages: ${missing[*]} (apt-get install ${missing[*]}, or make deps)"
fi

LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/photoprep-bench.XXXXXX")
if [ "${BENCH_KEEP:-0}" = 1 ]; then
    say "bench: keeping $WORK"
else
    trap 'rm -rf "$WORK"' EXIT
fi

if [ -n "${BENCH_BIN:-}" ]; then
    BIN=$BENCH_BIN
else
    say "bench: building photoprep-bench (release, scratch $SCRATCH)"
    (cd "$ROOT" && swift build --scratch-path "$SCRATCH" -c release --product photoprep-bench >&2)
    BIN="$(cd "$ROOT" && swift build --scratch-path "$SCRATCH" -c release --show-bin-path)/photoprep-bench"
fi
[ -x "$BIN" ] || die "no photoprep-bench at $BIN"

# run_measured NAME CMD... : runs CMD once; appends "wall_seconds peak_kb cpu_seconds" to $WORK/NAME.runs
# and keeps its standard output in $WORK/NAME.out (the last run's).
run_measured() {
    local name=$1; shift
    local t0 t1
    t0=$(date +%s%N)
    if ! "$GNU_TIME" -f '%M %U %S' -o "$WORK/$name.time" "$@" >"$WORK/$name.out" 2>"$WORK/$name.err"; then
        say "bench: $name failed: $*"
        cat "$WORK/$name.err" >&2
        exit 1
    fi
    t1=$(date +%s%N)
    # /usr/bin/time writes "Command exited..." lines first when the command fails; the last line is ours
    read -r kb user sys < <(tail -n 1 "$WORK/$name.time")
    awk -v w="$(( t1 - t0 ))" -v kb="$kb" -v u="$user" -v s="$sys" \
        'BEGIN { printf "%.4f %d %.2f\n", w / 1e9, kb, u + s }' >>"$WORK/$name.runs"
}

# median FILE COLUMN
median() {
    sort -g -k"$2","$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END {
        if (NR == 0) { print "nan"; exit }
        m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "%.3f\n", m }'
}
maximum() { sort -g -k"$2","$2" "$1" | tail -n 1 | awk -v c="$2" '{ print $c }'; }

# value KEY FILE : the number after KEY= in a photoprep-bench output line
value() { tr ' ' '\n' <"$2" | sed -n "s/^$1=//p" | head -n 1; }

declare -A INTERNAL_OCR INTERNAL_COPY PSNR_OURS PSNR_VIPS

for mp in $SIZES; do
    case $mp in
        12) size=4032x3024 ;;
        48) size=8064x6048 ;;
        *) die "BENCH_SIZES knows 12 and 48, not $mp" ;;
    esac
    in="$WORK/photo-$mp.jpg"
    say "bench: rendering a ${mp} MP photo ($size, Q92, 4:2:0)"
    "$PYTHON" "$ROOT/scripts/render_samples.py" --scene sign --size "$size" --quality 92 "$in"

    # warm-up (page cache, dynamic loader), not counted
    "$BIN" copy "$in" "$WORK/ours-$mp.jpg" >/dev/null
    vipsthumbnail "$in" -s '2048x2048>' -o "$WORK/vips-$mp.jpg[Q=90]"

    say "bench: copy stage, $RUNS runs each"
    for ((i = 0; i < RUNS; i++)); do
        # alternate the order so neither side always runs right after the other's cache effects
        if ((i % 2)); then
            run_measured "vips-copy-$mp" vipsthumbnail "$in" -s '2048x2048>' -o "$WORK/vips-$mp.jpg[Q=90]"
            run_measured "ours-copy-$mp" "$BIN" copy "$in" "$WORK/ours-$mp.jpg"
        else
            run_measured "ours-copy-$mp" "$BIN" copy "$in" "$WORK/ours-$mp.jpg"
            run_measured "vips-copy-$mp" vipsthumbnail "$in" -s '2048x2048>' -o "$WORK/vips-$mp.jpg[Q=90]"
        fi
        value seconds "$WORK/ours-copy-$mp.out" >>"$WORK/ours-copy-$mp.internal"
    done
    INTERNAL_COPY[$mp]=$(median "$WORK/ours-copy-$mp.internal" 1)

    say "bench: OCR stage on our copy, $OCR_RUNS runs each"
    copy="$WORK/ours-$mp.jpg"
    tesseract "$copy" - >/dev/null 2>&1  # warm-up: model files into the page cache
    for ((i = 0; i < OCR_RUNS; i++)); do
        run_measured "ours-ocr-$mp" "$BIN" ocr "$copy"
        value seconds "$WORK/ours-ocr-$mp.out" >>"$WORK/ours-ocr-$mp.internal"
        run_measured "tess-ocr-$mp" tesseract "$copy" -
    done
    INTERNAL_OCR[$mp]=$(median "$WORK/ours-ocr-$mp.internal" 1)

    say "bench: ImageMagick reference and PSNR"
    "$CONVERT" "$in" -auto-orient -filter Lanczos -resize '2048x2048>' "$WORK/ref-$mp.png"
    psnr() { "$COMPARE" -metric PSNR "$1" "$2" null: 2>&1 >/dev/null | awk '{ print $1 }' || true; }
    PSNR_OURS[$mp]=$(psnr "$WORK/ours-$mp.jpg" "$WORK/ref-$mp.png")
    PSNR_VIPS[$mp]=$(psnr "$WORK/vips-$mp.jpg" "$WORK/ref-$mp.png")
    "$BIN" profile "$in" >"$WORK/profile-$mp.txt"
    rm -f "$in"
done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }

echo
echo "PhotoPrep benchmark  $(date -u +%Y-%m-%dT%H:%M:%SZ)  $(nproc) cores  load at start $LOAD_START, at end $(cut -d' ' -f1-3 /proc/loadavg)"
echo "(wall times are only comparable on an idle machine; cpu s = user+sys, summed over threads)"
echo "copy: ${RUNS} runs, OCR: ${OCR_RUNS} runs; medians of whole-process wall time; peak = max RSS"
echo "peers: $(vips --version 2>/dev/null | head -n 1 || echo libvips), $(tesseract --version 2>&1 | head -n 1)"
echo
printf '| %-5s | %-4s | %-34s | %9s | %9s | %9s | %8s |\n' "photo" "stage" "command" "time s" "cpu s" "peak MB" "PSNR dB"
printf '|%s|\n' "-------|------|------------------------------------|-----------|-----------|-----------|----------"
row() { printf '| %-5s | %-4s | %-34s | %9s | %9s | %9s | %8s |\n' "$@"; }
for mp in $SIZES; do
    oc="$WORK/ours-copy-$mp.runs"; vc="$WORK/vips-copy-$mp.runs"
    oo="$WORK/ours-ocr-$mp.runs"; to="$WORK/tess-ocr-$mp.runs"
    ot=$(median "$oc" 1); vt=$(median "$vc" 1)
    om=$(maximum "$oc" 2); vm=$(maximum "$vc" 2)
    row "${mp} MP" copy "photoprep-bench copy" "$ot" "$(median "$oc" 3)" "$(mb "$om")" "${PSNR_OURS[$mp]}"
    row "" "" "  (in-process: read..write)" "${INTERNAL_COPY[$mp]}" "" "" ""
    row "" "" "vipsthumbnail -s 2048x2048>" "$vt" "$(median "$vc" 3)" "$(mb "$vm")" "${PSNR_VIPS[$mp]}"
    row "" "" "ratio ours/vips" "$(ratio "$ot" "$vt")" "$(ratio "$(median "$oc" 3)" "$(median "$vc" 3)")" \
        "$(ratio "$om" "$vm")" ""
    oot=$(median "$oo" 1); tt=$(median "$to" 1)
    oom=$(maximum "$oo" 2); tm=$(maximum "$to" 2)
    row "" ocr "photoprep-bench ocr (process)" "$oot" "$(median "$oo" 3)" "$(mb "$oom")" ""
    row "" "" "  (in-process: recognize only)" "${INTERNAL_OCR[$mp]}" "" "" ""
    row "" "" "tesseract COPY -" "$tt" "$(median "$to" 3)" "$(mb "$tm")" ""
    row "" "" "ratio ours/tesseract (recognize)" "$(ratio "${INTERNAL_OCR[$mp]}" "$tt")" "" "$(ratio "$oom" "$tm")" ""
    row "" "" "ratio ours/tesseract (process)" "$(ratio "$oot" "$tt")" "$(ratio "$(median "$oo" 3)" "$(median "$to" 3)")" \
        "" ""
done
echo

echo "where our copy time goes (one run, in-process steps):"
for mp in $SIZES; do
    sed "s/^/  ${mp} MP  /" "$WORK/profile-$mp.txt"
done
echo

verdict() { if awk "BEGIN { exit !($1) }"; then echo "met"; else echo "NOT met"; fi; }
for mp in $SIZES; do
    if [ "$mp" = 12 ]; then
        ot=$(median "$WORK/ours-copy-12.runs" 1); vt=$(median "$WORK/vips-copy-12.runs" 1)
        speed=$(ratio "$vt" "$ot")
        echo "aim: copy stage >= 1.5x faster than vipsthumbnail on 12 MP: ${speed}x -> $(verdict "$speed >= 1.5")" \
            "(CPU time: $(ratio "$(median "$WORK/vips-copy-12.runs" 3)" "$(median "$WORK/ours-copy-12.runs" 3)")x)"
    fi
    if [ "$mp" = 48 ]; then
        peak=$( (maximum "$WORK/ours-copy-48.runs" 2; maximum "$WORK/ours-ocr-48.runs" 2) | sort -g | tail -n 1)
        echo "aim: peak memory for 48 MP < 300 MB: $(mb "$peak") MB -> $(verdict "$peak / 1024 < 300")"
    fi
done

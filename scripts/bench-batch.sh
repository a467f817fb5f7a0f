#!/usr/bin/env bash
# The benchmark of issue 5: a folder of photos through prepare-photo with --jobs 1 and --jobs 2,
# beside the shell pipeline a user would write (vipsthumbnail + tesseract + exiftool per photo,
# scripts/bench-batch/pipeline-one.sh) run serially and under `xargs -P 2`, on the same photos in
# the same run.
#
#   make bench-batch          (or: bash scripts/bench-batch.sh)
#
# It renders N photo-like 12 MP JPEGs (4032x3024, Q90) with a sign of text in each
# (scripts/bench-batch/render.py, PIL), builds prepare-photo in release, and prints one table:
# wall seconds, photos per second, peak memory (/usr/bin/time's maximum resident set size of the
# largest process), and ratios. Aims: jobs 2 >= 1.8x jobs 1; PhotoPrep (jobs 2) >= 1.5x the
# xargs -P 2 pipeline.
#
# Both sides stamp the same place and read the same text. OMP_THREAD_LIMIT=1 is set for the
# pipeline too (prepare-photo sets it for itself), so that each photo gets one core on both sides
# and `xargs -P 2` is the same two-way parallelism as --jobs 2.
#
# Environment: N (photos, default 40), BENCH_SCRATCH (swift scratch path, default .build in the
# repository, so the binary is .build/release/prepare-photo), BENCH_BIN (a prepare-photo already
# built: no build), BENCH_WORK (work folder; default a new temporary one, removed at the end unless
# BENCH_KEEP=1), BENCH_PHOTOS (a folder of photos to use instead of rendering).

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
N=${N:-40}
SCRATCH=${BENCH_SCRATCH:-$ROOT/.build}
GNU_TIME=/usr/bin/time
say() { printf '%s\n' "$*" >&2; }
die() { say "bench-batch: $*"; exit 1; }

for tool in vipsthumbnail tesseract exiftool xargs; do command -v "$tool" >/dev/null || die "$tool is missing (make deps)"; done
[ -x "$GNU_TIME" ] || die "/usr/bin/time is missing (apt-get install time)"
/usr/bin/python3 -c 'import PIL' 2>/dev/null || die "python3-pil is missing (make deps)"

WORK=${BENCH_WORK:-$(mktemp -d /tmp/bench-batch.XXXXXX)}
mkdir -p "$WORK"
[ "${BENCH_KEEP:-0}" = 1 ] || trap 'rm -rf "$WORK"' EXIT

if [ -n "${BENCH_BIN:-}" ]; then
    BIN=$BENCH_BIN
else
    say "building prepare-photo (release) ..."
    (cd "$ROOT" && swift build -c release --product prepare-photo --scratch-path "$SCRATCH" >&2)
    BIN=$SCRATCH/release/prepare-photo
fi
[ -x "$BIN" ] || die "$BIN is not an executable"

if [ -n "${BENCH_PHOTOS:-}" ]; then
    PHOTOS=$BENCH_PHOTOS
    N=$(find "$PHOTOS" -maxdepth 1 -name '*.jpg' | wc -l)
else
    PHOTOS=$WORK/photos
    mkdir -p "$PHOTOS"
    say "rendering $N photos of 12 MP ..."
    /usr/bin/python3 "$ROOT/scripts/bench-batch/render.py" "$PHOTOS" "$N"
fi
[ "$N" -gt 0 ] || die "no photos"

# run NAME COMMAND... : times one whole run; prints "seconds peakKiB cpuSeconds".
run() {
    local name=$1; shift
    say "  $name ..."
    rm -rf "$WORK/out-$name"
    mkdir -p "$WORK/out-$name"
    "$GNU_TIME" -f '%e %M %U %S' -o "$WORK/time-$name" "$@" >"$WORK/log-$name" 2>&1 || {
        say "bench-batch: $name failed:"; tail -5 "$WORK/log-$name" >&2; exit 1; }
    awk '{ print $1, $2, $3 + $4 }' "$WORK/time-$name"
}

PIPE=$ROOT/scripts/bench-batch/pipeline-one.sh
LIST=$WORK/list
find "$PHOTOS" -maxdepth 1 -name '*.jpg' -print0 | sort -z >"$LIST"

# ceiling: how many cores two busy loops get here and now (other users' work and the kernel's
# per-session fair share (autogroup) can leave far fewer than nproc).
ceiling() {
    "$GNU_TIME" -f '%e %U %S' -o "$WORK/time-ceiling" sh -c 'timeout 3 yes >/dev/null & timeout 3 yes >/dev/null & wait'
    awk '{ printf "%.2f", ($2 + $3) / $1 }' "$WORK/time-ceiling"
}
ceil_before=$(ceiling)
say "timing on $N photos ($(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg); two busy loops get $ceil_before cores) ..."
read -r j1_s j1_m j1_c < <(run jobs1 "$BIN" --outbox "$WORK/out-jobs1" --quiet --jobs 1 --lat 37.5547 --lon 126.9707 "$PHOTOS")
read -r j2_s j2_m j2_c < <(run jobs2 "$BIN" --outbox "$WORK/out-jobs2" --quiet --jobs 2 --lat 37.5547 --lon 126.9707 "$PHOTOS")
export OMP_THREAD_LIMIT=1
read -r p1_s p1_m p1_c < <(run serial xargs -0 -n 1 -a "$LIST" bash "$PIPE" "$WORK/out-serial")
read -r p2_s p2_m p2_c < <(run xargsP2 xargs -0 -n 1 -P 2 -a "$LIST" bash "$PIPE" "$WORK/out-xargsP2")
unset OMP_THREAD_LIMIT
ceil_after=$(ceiling)

# Every photo made it, on both sides.
got1=$(find "$WORK/out-jobs2/pending" -mindepth 1 -maxdepth 1 -type d | wc -l)
got2=$(find "$WORK/out-xargsP2" -name lines.tsv | wc -l)
[ "$got1" = "$N" ] || die "prepare-photo --jobs 2 made $got1 moments of $N"
[ "$got2" = "$N" ] || die "the pipeline made $got2 results of $N"

/usr/bin/python3 - "$ceil_before" "$ceil_after" "$N" "$j1_s" "$j1_m" "$j1_c" "$j2_s" "$j2_m" "$j2_c" "$p1_s" "$p1_m" "$p1_c" "$p2_s" "$p2_m" "$p2_c" <<'PY'
import sys
ceilings = sys.argv[1:3]
n = int(sys.argv[3]); v = [float(x) for x in sys.argv[4:]]
rows = [("prepare-photo --jobs 1", *v[0:3]), ("prepare-photo --jobs 2", *v[3:6]),
        ("pipeline, serial", *v[6:9]), ("pipeline, xargs -P 2", *v[9:12])]
rate = {name: n / s for name, s, _, _ in rows}
print(f"\n{n} photos, 12 MP each\n")
print(f"| {'run':<24} | {'seconds':>8} | {'photos/s':>8} | {'peak MB':>8} | {'CPU s/photo':>11} | {'cores used':>10} |")
print(f"|{'-' * 26}|{'-' * 9}:|{'-' * 9}:|{'-' * 9}:|{'-' * 12}:|{'-' * 11}:|")
for name, s, kib, cpu in rows:
    print(f"| {name:<24} | {s:8.1f} | {n / s:8.2f} | {kib / 1024:8.0f} | {cpu / n:11.2f} | {cpu / s:10.2f} |")
j = rate["prepare-photo --jobs 2"] / rate["prepare-photo --jobs 1"]
x = rate["prepare-photo --jobs 2"] / rate["pipeline, xargs -P 2"]
s = rate["prepare-photo --jobs 1"] / rate["pipeline, serial"]
print()
print(f"jobs 2 / jobs 1:                  {j:.2f}x  (aim >= 1.8x: {'met' if j >= 1.8 else 'MISSED'})")
print(f"PhotoPrep jobs 2 / xargs -P 2:    {x:.2f}x  (aim >= 1.5x: {'met' if x >= 1.5 else 'MISSED'})")
print(f"PhotoPrep jobs 1 / serial pipeline: {s:.2f}x")
print("peak memory: prepare-photo is one process; the pipeline's figure is its largest single tool.")
print("cores used = CPU seconds / wall seconds. Two busy loops got "
      f"{ceilings[0]} cores before the runs and {ceilings[1]} after: that is the ceiling for --jobs 2 and -P 2")
print(f"here and now (load average now: {open('/proc/loadavg').read().split()[0]}). When it is well below 2, the")
print("jobs 2 / jobs 1 ratio measures the machine, not PhotoPrep: compare CPU s/photo instead.")
PY

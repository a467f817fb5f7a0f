#!/usr/bin/env bash
# Builds photoprep-fuzz (the library + every fuzz target, libFuzzer + AddressSanitizer) with swiftc
# and runs each target for FUZZ_SECONDS, keeping its corpus in fuzz/corpus/<target>/.
#
#   fuzz/run.sh                    build, then run every target in turn
#   fuzz/run.sh exif-read gpx      only these targets
#   FUZZ_SECONDS=60 fuzz/run.sh    seconds per target (default 120)
#   FUZZ_BUILD=/tmp/build-fuzz     where the binary goes (default)
#   FUZZ_REV=HEAD                  build the library as committed, not the working tree
#   FUZZ_NICE=19                   niceness of build and runs (default 19: the machine is shared)
#
# A crash, leak, hang (-timeout) or out-of-memory (-rss_limit_mb) leaves its input in
# fuzz/artifacts/<target>/ and the run stops with status 1 once every target has run.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
seconds="${FUZZ_SECONDS:-120}"
build="${FUZZ_BUILD:-/tmp/build-fuzz}"
niceness="${FUZZ_NICE:-19}"
targets=(segments exif-read exif-stamp xmp-merge gpx moment prepare)
[ $# -gt 0 ] && targets=("$@")
mkdir -p "$build"
bin="$build/photoprep-fuzz"

# The library is compiled from a snapshot, so edits made meanwhile do not break the build:
# the working tree by default, or a commit with FUZZ_REV=HEAD (a shared checkout mid-edit).
src="$build/src"
rm -rf "$src.new" && mkdir -p "$src.new"
if [ -n "${FUZZ_REV:-}" ]; then
    git -C "$root" archive "$FUZZ_REV" Sources | tar -x -C "$src.new"
else
    cp -r "$root/Sources" "$src.new/"
fi
cp -r "$here/targets" "$src.new/"
sources=("$src.new"/Sources/PhotoPrep/*/*.swift "$src.new"/targets/*.swift)
# Every C module the package declares (CJPEG, CTesseract, CTIFF, CPNG, …), by its module map.
cmodules=()
for map in "$src.new"/Sources/C*/module.modulemap; do
    cmodules+=(-Xcc -fmodule-map-file="$map" -I "$(dirname "$map")")
done
if [ ! -x "$bin" ] || ! diff -rq "$src.new" "$src" >/dev/null 2>&1; then
    echo "fuzz: building $bin (${#sources[@]} files, -sanitize=fuzzer,address) ..." >&2
    nice -n "$niceness" swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
        -swift-version 6 -module-name PhotoPrep \
        "${cmodules[@]}" -lturbojpeg -ltesseract -llept -ltiff -lpng16 \
        -module-cache-path "$build/module-cache" \
        "${sources[@]}" -o "$bin.new" >"$build/build.log" 2>&1 || build_failed=1
    # ld.gold warns about ASan's local symbols once per register: noise, dropped.
    grep -v "Cannot export local symbol" "$build/build.log" >&2 || true
    [ -z "${build_failed:-}" ] || { echo "fuzz: build failed (log $build/build.log)" >&2; exit 1; }
    mv "$bin.new" "$bin"
    rm -rf "$src" && mv "$src.new" "$src"
else
    rm -rf "$src.new"
fi

# Seeds: generated once per target from small inputs (fuzz/seeds.py), then the corpus grows.
for t in "${targets[@]}"; do
    if [ ! -d "$here/corpus/$t" ] || [ -z "$(ls -A "$here/corpus/$t" 2>/dev/null)" ]; then
        /usr/bin/python3 "$here/seeds.py" "$here/corpus" >&2
        break
    fi
done

status=0
summary=()
for t in "${targets[@]}"; do
    mkdir -p "$here/corpus/$t" "$here/artifacts/$t"
    dict=()
    [ -f "$here/dicts/$t.dict" ] && dict=(-dict="$here/dicts/$t.dict")
    log="$build/$t.log"
    echo "fuzz: $t for ${seconds}s (log $log)" >&2
    set +e
    # Swift's own crash backtracer would fight ASan's report; LeakSanitizer skips leaks of
    # Foundation's XML parser that are not ours (fuzz/lsan.supp).
    PHOTOPREP_FUZZ_TARGET="$t" SWIFT_BACKTRACE=enable=no \
        ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1" \
        LSAN_OPTIONS="suppressions=$here/lsan.supp:print_suppressions=0" \
        nice -n "$niceness" "$bin" "$here/corpus/$t" "${dict[@]}" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=200000 \
        -artifact_prefix="$here/artifacts/$t/" -print_final_stats=1 >"$log" 2>&1
    rc=$?
    set -e
    runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')"
    if [ $rc -ne 0 ]; then
        status=1
        summary+=("$t: FAILED after $runs runs; see $log and fuzz/artifacts/$t/")
    else
        summary+=("$t: ${seconds}s, $runs runs, corpus $(ls "$here/corpus/$t" | wc -l) inputs")
    fi
done
printf 'fuzz: %s\n' "${summary[@]}" >&2
exit $status

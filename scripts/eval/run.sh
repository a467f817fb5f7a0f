#!/bin/sh
# The OCR evaluation: render scenes with ground truth, run our pipeline and tesseract's defaults on
# them, print line recall, order, page CER, junk and time per scene type (see evaluate.py).
#   scripts/eval/run.sh [--per-type N] [--seed N] [--perspective] [--shaken] [--held-out] [--runner CMD]
#                       [--only TYPE]
# --perspective renders the same scenes photographed from one side (keystone); --shaken with the motion blur
# of a camera that moved (3-8 px); --held-out renders them in
# fonts and words the pipeline was never tuned on (`make eval-held-out` installs their font packages).
# Uses the release build of prepare-photo (built here unless PREPARE_PHOTO is set) and, when present,
# the ICDAR scene-text photos in ../shared/data/scenetext (dev set, optional).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
per=4; seed=7; runner=""; only=""; persp=""; shaken=""; held=""
while [ $# -gt 0 ]; do
    case "$1" in
        --per-type) per=$2; shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        --runner) runner=$2; shift 2 ;;
        --only) only=$2; shift 2 ;;
        --perspective) persp=--perspective; shift ;;
        --shaken) shaken=--shaken; shift ;;
        --held-out) held=--held-out; shift ;;
        *) echo "run.sh: unknown option $1" >&2; exit 64 ;;
    esac
done
scenes=${EVAL_SCENES:-/tmp/photoprep-eval/scenes-s$seed-n$per${persp:+-p}${shaken:+-m}${held:+-h}}
# Rendered again when the renderer changed since (a new scene type, say).
if [ ! -f "$scenes/scenes.json" ] || [ "$here/render_scenes.py" -nt "$scenes/scenes.json" ]; then
    /usr/bin/python3 "$here/render_scenes.py" "$scenes" --seed "$seed" --per-type "$per" $persp $shaken $held
fi
if [ -z "$runner" ]; then
    if [ -z "${PREPARE_PHOTO:-}" ]; then
        swift build --package-path "$root" --scratch-path "${SCRATCH:-/tmp/build-eval}" -c release \
            --product prepare-photo >&2
        PREPARE_PHOTO="${SCRATCH:-/tmp/build-eval}/release/prepare-photo"
    fi
    export PATH="$(dirname "$PREPARE_PHOTO"):$PATH"
fi
set -- "$scenes"
[ -n "$runner" ] && set -- "$@" --runner "$runner"
[ -n "$only" ] && set -- "$@" --only "$only"
st="$root/../shared/data/scenetext"
[ -d "$st" ] && set -- "$@" --scenetext "$st"
exec /usr/bin/python3 "$here/evaluate.py" "$@"

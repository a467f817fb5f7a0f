# PhotoPrep — `make run` prepares samples/, `make test` runs the test suite.
# Both install what is missing first (Debian 12: apt-get; root or sudo).

SWIFT    ?= swift
DEBS     := libturbojpeg0-dev libtesseract-dev libleptonica-dev tesseract-ocr tesseract-ocr-eng tesseract-ocr-kor \
            tesseract-ocr-osd libimage-exiftool-perl imagemagick libvips-tools python3 python3-pil libxml2 \
            fonts-dejavu-core fonts-dejavu-extra fonts-liberation fonts-noto-cjk time \
            libtiff-dev libpng-dev libjpeg-turbo-progs
# The held-out evaluation's fonts (scripts/eval/render_scenes.py --held-out), for `make eval-held-out` only.
EVAL_DEBS := fonts-roboto-unhinted fonts-open-sans fonts-crosextra-carlito fonts-freefont-ttf fonts-urw-base35 \
            fonts-noto-core fonts-nanum
RELEASE  := .build/release/prepare-photo
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build run test bench bench-batch eval eval-held-out fuzz samples clean

deps:
	@missing=$$(for p in $(DEBS) $(MORE_DEBS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "Installing:" $$missing; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build -c release

run: build
	$(RELEASE) --outbox outbox --lang kor+eng samples/
	@echo "Moments are in outbox/pending/ (a second run finds them already there)."

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	bash scripts/bench.sh

bench-batch: deps
	bash scripts/bench-batch.sh

eval: build
	bash scripts/eval/run.sh

eval-held-out:
	$(MAKE) build MORE_DEBS="$(EVAL_DEBS)"
	bash scripts/eval/run.sh --held-out

fuzz: deps
	bash fuzz/run.sh

samples: deps
	/usr/bin/python3 scripts/render_samples.py

clean:
	rm -rf .build outbox

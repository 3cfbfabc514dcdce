# excise - remove a dead subsystem from a Linux tree, and prove the result.
# (`make help` prints the lines below.)
#
#   make            build src/excise, its manual pages and bash completion
#   make install    install them (PREFIX=/usr/local, DESTDIR=) with specs/, cocci/, scripts/
#   make uninstall  remove what make install installed
#   make man        the manual pages alone (build/man/)
#   make run        the InterMezzo removal end to end (SUBSYS=<target> for another)
#   make test       every test (kernel builds and boots included)
#   make test-quick every test but kernel builds and boots
#   make test-full  every test, the larger kernel cases and no sampling (EXCISE_FULL=1)
#   make test-asan  unit and golden tests under ASan and UBSan
#   make check TREE=<after> TARGET=<target> [BEFORE=<before>]
#   make bench      benchmarks against ripgrep, grep, spatch, checkkconfigsymbols.py
#   make corpus     every upstream removal 6.1 -> 6.12 (drivers, fs, sound, arch), scored
#   make fuzz       each libFuzzer harness of tests/fuzz/ for FUZZ_SECONDS (60)
#   make clean      remove what make built

CC      ?= cc
CFLAGS  ?= -O2 -g
WARN    := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-missing-field-initializers
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE -pthread $(WARN) $(CFLAGS)
LDLIBS  += -lhs -pthread

BUILD   ?= build
# The library is src/*.c; the front ends (main and one file per command,
# as git's builtin/) are src/builtin/*.c, linked into the binary only.
LIB_SRC := $(wildcard src/*.c)
LIB_OBJ := $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o)
BUILTIN_SRC := $(wildcard src/builtin/*.c)
BUILTIN_OBJ := $(BUILTIN_SRC:src/builtin/%.c=$(BUILD)/obj/builtin/%.o)
UNIT_SRC := $(wildcard tests/unit/*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
INIT    := $(BUILD)/boot/init

ifeq ($(BUILD),build)
EXCISE  := src/excise
else
EXCISE  := $(BUILD)/excise
endif

# The version: git describe of this checkout at build time, else the VERSION file of a release.
EXCISE_VERSION := $(shell git -C $(CURDIR) describe --tags --always --dirty 2>/dev/null || \
			  cat $(CURDIR)/VERSION 2>/dev/null || echo unknown)

# The manual pages (`excise help --man PAGE`) and bash completion, made by the binary
# from its option tables and docs (src/builtin/doc.c).
MAN1    := excise excise-locate excise-remove excise-check excise-cpp
MAN5    := excise-spec
MAN_PAGES := $(MAN1:%=$(BUILD)/man/%.1) $(MAN5:%=$(BUILD)/man/%.5)
COMPLETION := $(BUILD)/excise.bash

PREFIX  ?= /usr/local
DESTDIR ?=
bindir  := $(PREFIX)/bin
datadir := $(PREFIX)/share/excise
mandir  := $(PREFIX)/share/man
bashcompdir := $(PREFIX)/share/bash-completion/completions

.PHONY: all deps run test test-full test-quick test-asan check bench corpus clean sparse-self fuzz fuzz-build \
	help man install uninstall

all: $(EXCISE) $(UNIT_BIN) $(INIT) $(MAN_PAGES) $(COMPLETION)

help:
	@sed -n 's/^#   make/make/p' Makefile

# build/version.h, written when the version changes (as make reads this file: no rule to
# run each time, and make -q can tell an up-to-date build).
$(shell mkdir -p $(BUILD); v=$$(printf '\043define EXCISE_VERSION "%s"' '$(EXCISE_VERSION)'); \
	[ "$$(cat $(BUILD)/version.h 2>/dev/null)" = "$$v" ] || echo "$$v" > $(BUILD)/version.h)

$(BUILD)/obj/builtin/main.o $(BUILD)/obj/builtin/help.o: $(BUILD)/version.h

$(BUILD)/obj/%.o: src/%.c $(wildcard src/*.h)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/obj/builtin/%.o: src/builtin/%.c $(wildcard src/*.h src/builtin/*.h)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Isrc -I$(BUILD) -c -o $@ $<

$(BUILD)/libexcise.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(EXCISE): $(BUILTIN_OBJ) $(BUILD)/libexcise.a
	$(CC) $(ALL_CFLAGS) -o $@ $(BUILTIN_OBJ) $(BUILD)/libexcise.a $(LDLIBS)

$(BUILD)/tests/%: tests/unit/%.c tests/unit/unit.h $(BUILD)/libexcise.a
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Isrc -o $@ $< $(BUILD)/libexcise.a $(LDLIBS)

# bench/engines.sh's measure of the matching engines.
$(BUILD)/bench/scanrate: bench/scanrate.c $(BUILD)/libexcise.a
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Isrc -o $@ $< $(BUILD)/libexcise.a $(LDLIBS)

# The init of the boot test's initramfs: static, no libc beyond glibc's static archive.
$(INIT): scripts/boot/init.c
	@mkdir -p $(@D)
	$(CC) -std=c11 -D_GNU_SOURCE $(WARN) -Os -static -o $@ $<

# The same init for QEMU's arm64 and arm virt boards (scripts/boot.sh --arch).
$(INIT)-arm64: scripts/boot/init.c
	@mkdir -p $(@D)
	aarch64-linux-gnu-gcc -std=c11 -D_GNU_SOURCE $(WARN) -Os -static -o $@ $<
$(INIT)-arm: scripts/boot/init.c
	@mkdir -p $(@D)
	arm-linux-gnueabi-gcc -std=c11 -D_GNU_SOURCE $(WARN) -Os -static -o $@ $<

$(BUILD)/man/%.1: $(EXCISE)
	@mkdir -p $(@D)
	$(EXCISE) help --man $* > $@.tmp && mv $@.tmp $@
$(BUILD)/man/%.5: $(EXCISE)
	@mkdir -p $(@D)
	$(EXCISE) help --man $* > $@.tmp && mv $@.tmp $@

man: $(MAN_PAGES)

$(COMPLETION): $(EXCISE) $(wildcard specs/*.spec)
	$(EXCISE) help --completion > $@.tmp && mv $@.tmp $@

# The binary finds specs/, cocci/ and scripts/ in $(datadir) (util.c:
# resource_dir looks in share/excise/ above its directory), and check's
# boot step its init in $(datadir)/build/boot/ (scripts/boot.sh).
install: $(EXCISE) $(INIT) $(MAN_PAGES) $(COMPLETION)
	install -d $(DESTDIR)$(bindir) $(DESTDIR)$(datadir)/specs $(DESTDIR)$(datadir)/cocci \
		$(DESTDIR)$(datadir)/scripts/boot $(DESTDIR)$(datadir)/build/boot \
		$(DESTDIR)$(mandir)/man1 $(DESTDIR)$(mandir)/man5 $(DESTDIR)$(bashcompdir)
	install -m 755 $(EXCISE) $(DESTDIR)$(bindir)/excise
	install -m 644 specs/*.spec $(DESTDIR)$(datadir)/specs/
	install -m 644 cocci/*.cocci cocci/kernel.h $(DESTDIR)$(datadir)/cocci/
	install -m 755 scripts/*.sh scripts/ccache-cc $(DESTDIR)$(datadir)/scripts/
	install -m 644 scripts/boot/* $(DESTDIR)$(datadir)/scripts/boot/
	install -m 755 $(INIT) $(DESTDIR)$(datadir)/build/boot/init
	install -m 644 $(MAN1:%=$(BUILD)/man/%.1) $(DESTDIR)$(mandir)/man1/
	install -m 644 $(MAN5:%=$(BUILD)/man/%.5) $(DESTDIR)$(mandir)/man5/
	install -m 644 $(COMPLETION) $(DESTDIR)$(bashcompdir)/excise

uninstall:
	rm -f $(DESTDIR)$(bindir)/excise $(MAN1:%=$(DESTDIR)$(mandir)/man1/%.1) \
		$(MAN5:%=$(DESTDIR)$(mandir)/man5/%.5) $(DESTDIR)$(bashcompdir)/excise
	rm -rf $(DESTDIR)$(datadir)

deps:
	@scripts/deps.sh

run: deps all
	scripts/run.sh $(if $(SUBSYS),--subsys $(SUBSYS))

test: deps all
	tests/run

test-full: deps all
	tests/run --full

test-quick: deps all
	tests/run --quick

test-asan:
	$(MAKE) BUILD=build/asan CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" all
	EXCISE=$(CURDIR)/build/asan/excise UNIT_DIR=$(CURDIR)/build/asan/tests tests/run --asan

# BEFORE defaults to the pristine 6.1 tree.
check: deps all
	@test -n "$(TREE)" -a -n "$(TARGET)" || { echo "usage: make check TREE=<after> TARGET=<target> [BEFORE=<before>]" >&2; exit 2; }
	$(EXCISE) check -C $(TREE) --before $(or $(BEFORE),$$(scripts/tree.sh)) $(TARGET)

bench: deps all $(BUILD)/bench/scanrate
	bench/run

# make corpus: two cases at once, none started after 40 minutes, the
# compiler as judge on a sample (bench/corpus.sh); make bench: all of it.
corpus: deps all
	CORPUS_COMPILE=sample CORPUS_JOBS=2 CORPUS_BUDGET=2400 bench/run corpus

# Our own sources must be clean under sparse too (glibc's headers use an
# attribute sparse 0.6.4 does not know: that warning is not ours).
sparse-self: $(BUILD)/version.h
	@out=$$(for f in src/*.c src/builtin/*.c tests/unit/*.c bench/*.c scripts/boot/init.c; do \
		sparse -std=c11 -D_GNU_SOURCE -Isrc -I$(BUILD) -Wno-unknown-attribute $$f 2>&1; done); \
	if [ -n "$$out" ]; then echo "$$out"; exit 1; fi; echo "sparse: no warnings on src/, src/builtin/, tests/unit/, bench/, scripts/boot/init.c"

# libFuzzer harnesses (clang): the library rebuilt with the fuzzer's
# coverage and ASan/UBSan; new inputs go to build/fuzz/corpus/NAME, crashes
# to build/fuzz/crashes/.  A crash worth keeping is copied to
# tests/fuzz/corpus/NAME/ (tests/run replays that corpus) and fixed.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_JOBS    ?= 1
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
FUZZ_CFLAGS  := -std=c11 -D_GNU_SOURCE -pthread -g -O1 $(FUZZ_SAN) -fsanitize=fuzzer-no-link
FUZZ_NAMES   := $(patsubst tests/fuzz/%.c,%,$(wildcard tests/fuzz/*.c))
FUZZ_OBJ     := $(LIB_SRC:src/%.c=build/fuzz/obj/%.o)

build/fuzz/obj/%.o: src/%.c $(wildcard src/*.h)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

# The library objects are built once for every harness: without this, make
# deletes them as intermediates and each harness compiles them again (40 s).
.SECONDARY: $(FUZZ_OBJ)

build/fuzz/%: tests/fuzz/%.c tests/fuzz/fuzz.h $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -Isrc -o $@ $< $(FUZZ_OBJ) $(LDLIBS)

fuzz-build: $(FUZZ_NAMES:%=build/fuzz/%)

# Seeds: small real files of the 6.1 tree (scripts/fuzz-seeds.sh), read
# with the saved corpus; FUZZ_ARGS adds libFuzzer options (-fork=1
# -ignore_crashes=1 keeps a long run going past a finding).
FUZZ_ARGS ?=
build/fuzz/seeds/.done: scripts/fuzz-seeds.sh
	rm -rf build/fuzz/seeds && scripts/fuzz-seeds.sh build/fuzz/seeds && touch $@

fuzz: fuzz-build build/fuzz/seeds/.done
	@for n in $(FUZZ_NAMES); do \
		mkdir -p build/fuzz/corpus/$$n build/fuzz/crashes build/fuzz/logs/$$n build/fuzz/seeds/$$n; \
		echo "fuzz: $$n for $(FUZZ_SECONDS)s"; \
		(cd build/fuzz/logs/$$n && $(CURDIR)/build/fuzz/$$n -max_total_time=$(FUZZ_SECONDS) \
			-jobs=$(FUZZ_JOBS) -print_final_stats=1 -max_len=16384 $(FUZZ_ARGS) \
			-artifact_prefix=$(CURDIR)/build/fuzz/crashes/$$n- \
			$(CURDIR)/build/fuzz/corpus/$$n $(CURDIR)/tests/fuzz/corpus/$$n \
			$(CURDIR)/build/fuzz/seeds/$$n) || exit 1; \
	done

clean:
	rm -rf build src/excise

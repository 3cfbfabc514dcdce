# excise - remove a dead subsystem from a Linux tree, and prove the result.
#
#   make            build src/excise
#   make run        the InterMezzo removal end to end (SUBSYS=<target> for another)
#   make test       every test (kernel builds and boots included)
#   make test-quick every test but kernel builds and boots
#   make test-asan  unit and golden tests under ASan and UBSan
#   make check TREE=<after> TARGET=<target> [BEFORE=<before>]
#   make bench      benchmarks against ripgrep, grep, spatch, checkkconfigsymbols.py
#   make corpus     every upstream removal 6.1 -> 6.12 (drivers, fs, sound, arch), scored

CC      ?= cc
CFLAGS  ?= -O2 -g
WARN    := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-missing-field-initializers
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE -pthread $(WARN) $(CFLAGS)
LDLIBS  += -lhs -pthread

BUILD   ?= build
LIB_SRC := $(filter-out src/main.c,$(wildcard src/*.c))
LIB_OBJ := $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o)
UNIT_SRC := $(wildcard tests/unit/*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
INIT    := $(BUILD)/boot/init

ifeq ($(BUILD),build)
EXCISE  := src/excise
else
EXCISE  := $(BUILD)/excise
endif

.PHONY: all deps run test test-quick test-asan check bench corpus clean sparse-self

all: $(EXCISE) $(UNIT_BIN) $(INIT)

$(BUILD)/obj/%.o: src/%.c $(wildcard src/*.h)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/libexcise.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(EXCISE): src/main.c $(BUILD)/libexcise.a
	$(CC) $(ALL_CFLAGS) -o $@ $< $(BUILD)/libexcise.a $(LDLIBS)

$(BUILD)/tests/%: tests/unit/%.c tests/unit/unit.h $(BUILD)/libexcise.a
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Isrc -o $@ $< $(BUILD)/libexcise.a $(LDLIBS)

# The init of the boot test's initramfs: static, no libc beyond glibc's static archive.
$(INIT): scripts/boot/init.c
	@mkdir -p $(@D)
	$(CC) -std=c11 -D_GNU_SOURCE $(WARN) -Os -static -o $@ $<

deps:
	@scripts/deps.sh

run: deps all
	scripts/run.sh $(if $(SUBSYS),--subsys $(SUBSYS))

test: deps all
	tests/run

test-quick: deps all
	tests/run --quick

test-asan:
	$(MAKE) BUILD=build/asan CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" all
	EXCISE=$(CURDIR)/build/asan/excise UNIT_DIR=$(CURDIR)/build/asan/tests tests/run --asan

# BEFORE defaults to the pristine 6.1 tree.
check: deps all
	@test -n "$(TREE)" -a -n "$(TARGET)" || { echo "usage: make check TREE=<after> TARGET=<target> [BEFORE=<before>]" >&2; exit 2; }
	$(EXCISE) check -C $(TREE) --before $(or $(BEFORE),$$(scripts/tree.sh)) $(TARGET)

bench: deps all
	bench/run

corpus: deps all
	bench/run corpus

# Our own sources must be clean under sparse too (glibc's headers use an
# attribute sparse 0.6.4 does not know: that warning is not ours).
sparse-self:
	@out=$$(for f in src/*.c tests/unit/*.c scripts/boot/init.c; do \
		sparse -std=c11 -D_GNU_SOURCE -Isrc -Wno-unknown-attribute $$f 2>&1; done); \
	if [ -n "$$out" ]; then echo "$$out"; exit 1; fi; echo "sparse: no warnings on src/, tests/unit/, scripts/boot/init.c"

clean:
	rm -rf build src/excise

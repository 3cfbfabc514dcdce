#!/usr/bin/env bash
# tests/full/series-s3c24xx.sh - the platform upstream removed in 6.3, as a
# series: `excise remove --commit --series ARCH_S3C24XX MACH_...` (the
# S3C64XX boards upstream's series also dropped) on a git tree of pristine
# 6.1 splits as upstream split it: defconfigs, device trees, one patch per
# driver family (users before what they use), the platform with its boards
# and the drivers it selects, MAINTAINERS; every step resolves (no Kconfig
# `source` of a missing file, no depends on/select of a symbol gone), and
# checkpatch, `git am` and the in-place removal agree (tests/lib/series.sh).
# About 3.5 minutes (62 s of it excise, most of that get_maintainer.pl), so
# make test-full; make test has the small case, tests/e2e/series-slob.sh.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/series.sh"
series_case s3c24xx --force ARCH_S3C24XX MACH_ANW6410 MACH_HMT MACH_MINI6410 MACH_NCP \
	MACH_REAL6410 MACH_SMARTQ5 MACH_SMARTQ7 MACH_SMDK6400 MACH_SMDK6410 <<'END'
ARM: configs: drop the options of ARCH_S3C24XX support
ARM: dts: remove the device trees of ARCH_S3C24XX support
ARM: remove the 3 options that depend on ARCH_S3C24XX support
ata: remove PATA_SAMSUNG_CF, which depends on ARCH_S3C24XX support
cpufreq: remove the 6 options that depend on ARCH_S3C24XX support
input: touchscreen: remove TOUCHSCREEN_S3C2410
leds: remove LEDS_S3C24XX, which depends on ARCH_S3C24XX support
mmc: host: remove the 4 options that depend on ARCH_S3C24XX support
soc: samsung: remove the 2 options that depend on ARCH_S3C24XX support
usb: gadget: udc: remove 3 options of ARCH_S3C24XX support
video: fbdev: remove the 2 options that depend on ARCH_S3C24XX support
ASoC: samsung: remove the 9 options that depend on ARCH_S3C24XX support
dma: remove S3C24XX_DMAC, which depends on ARCH_S3C24XX support
ARM: remove ARCH_S3C24XX support
MAINTAINERS: remove the ARCH_S3C24XX support entry
END

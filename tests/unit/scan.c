/* Unit tests of the matcher: identifier boundaries, scopes, anchors, the Teddy filter, file classes. */
#include <stdlib.h>

#include "scan.h"
#include "unit.h"

/* Offsets of the hits of pats in text, as "pattern@offset ..." */
static char *find(const struct pattern *pats, size_t n, const char *text, unsigned fclass,
		  const char *path)
{
	struct scanner *s = scanner_new(pats, n);
	size_t len = strlen(text), pad = scanner_padding(s), cap = 0, nh;
	char *buf = xcalloc(len + pad + 1, 1);
	struct scan_hit *hits = NULL;
	struct strbuf out = STRBUF_INIT;

	memcpy(buf, text, len);
	nh = scanner_find(s, buf, len, fclass, path, &hits, &cap);
	for (size_t i = 0; i < nh; i++)
		sb_addf(&out, "%s%s@%zu", i ? " " : "", pats[hits[i].pattern].text, hits[i].offset);
	free(hits);
	free(buf);
	scanner_free(s);
	return sb_detach(&out, NULL);
}

#define P(t, scope) { t, sizeof(t) - 1, scope, NULL, 0, 0 }

int main(void)
{
	struct pattern sym[] = { P("CONFIG_SLOB", FILE_ANY), P("SLOB", FILE_KCONFIG),
				 P("CONFIG_SLOB_MODULE", FILE_ANY) };
	struct pattern paths[] = { P("/ixgb", FILE_ANY), P("ixgb/", FILE_MAKEFILE) };
	struct pattern obj[] = { { "slob.o", 6, FILE_MAKEFILE, "mm", 0, PATF_AFTER_UNDERSCORE } };
	struct pattern many[] = { P("linux/pci.h", FILE_ANY), P("linux/module.h", FILE_ANY),
				  P("kfree", FILE_ANY), P("kmalloc", FILE_ANY), P("ixgb", FILE_ANY),
				  P("InterMezzo", FILE_ANY), P("e1000", FILE_ANY), P("xyzzy", FILE_ANY),
				  P("pci", FILE_ANY) };
	char *s;

	/* Whole identifiers: CONFIG_SLOBBY and xCONFIG_SLOB are not CONFIG_SLOB. */
	s = find(sym, 3, "CONFIG_SLOB=y\nCONFIG_SLOBBY=y\nxCONFIG_SLOB\n#ifdef CONFIG_SLOB_MODULE\n",
		 FILE_C, "a.c");
	CHECK_STR(s, "CONFIG_SLOB@0 CONFIG_SLOB_MODULE@50");
	free(s);
	/* Bare symbols only in Kconfig files. */
	s = find(sym, 3, "depends on MEMCG && !SLOB\n", FILE_C, "a.c");
	CHECK_STR(s, "");
	free(s);
	s = find(sym, 3, "depends on MEMCG && !SLOB\n", FILE_KCONFIG, "init/Kconfig");
	CHECK_STR(s, "SLOB@21");
	free(s);
	/* A pattern edge that is not a word character needs no boundary there. */
	s = find(paths, 2, "   - drivers/net/ixgb\n   intel/ixgb\n   intel/ixgbe\n", FILE_DOC, "x.rst");
	CHECK_STR(s, "/ixgb@16 /ixgb@30");
	free(s);
	s = find(paths, 2, "obj-$(CONFIG_IXGB) += ixgb/\n", FILE_MAKEFILE, "drivers/Makefile");
	CHECK_STR(s, "ixgb/@22");
	free(s);
	/* Objects: in the Makefile of their directory only, also after '_'. */
	s = find(obj, 1, "KCOV_INSTRUMENT_slob.o := n\nobj-y += slob.o\nobj-y += xslob.o\n",
		 FILE_MAKEFILE, "mm/Makefile");
	CHECK_STR(s, "slob.o@16 slob.o@37");
	free(s);
	s = find(obj, 1, "obj-y += slob.o\n", FILE_MAKEFILE, "mm/sub/Makefile");
	CHECK_STR(s, "");
	free(s);
	/* Case: anchors are folded, matches are not. */
	s = find(many, 9, "intermezzo InterMezzo INTERMEZZO\n", FILE_DOC, "d.txt");
	CHECK_STR(s, "InterMezzo@11");
	free(s);
	/* Many anchors (the Teddy filter): every hit, at the end of the buffer too. */
	s = find(many, 9,
		 "#include <linux/pci.h>\n#include <linux/module.h>\nkfree(kmalloc(1));\n"
		 "/* pci ixgb e1000 */ xyzzy", FILE_C, "a.c");
	CHECK_STR(s, "linux/pci.h@10 pci@16 linux/module.h@33 kfree@49 kmalloc@55 pci@71 ixgb@75 "
		     "e1000@80 xyzzy@89");
	free(s);
	/* File classes. */
	CHECK(file_class("mm/Kconfig") == FILE_KCONFIG);
	CHECK(file_class("arch/x86/Kconfig.debug") == FILE_KCONFIG);
	CHECK(file_class("drivers/net/Makefile") == FILE_MAKEFILE);
	CHECK(file_class("arch/arm/Kbuild") == FILE_MAKEFILE);
	CHECK(file_class("arch/arm/configs/pxa_defconfig") == FILE_DEFCONFIG);
	CHECK(file_class("kernel/configs/tiny.config") == FILE_DEFCONFIG);
	CHECK(file_class("tools/testing/selftests/net/config") == FILE_DEFCONFIG);
	CHECK(file_class("mm/slab.h") == FILE_C);
	CHECK(file_class("arch/x86/entry/entry_64.S") == FILE_C);
	CHECK(file_class("Documentation/admin-guide/devices.txt") == FILE_DOC);
	CHECK(file_class("MAINTAINERS") == FILE_OTHER);
	CHECK(is_build_output("mm/slab.o") && is_build_output("mm/.slab.o.cmd"));
	CHECK(is_build_output("include/generated/autoconf.h") && is_build_output("vmlinux"));
	CHECK(!is_build_output("mm/slab.c") && !is_build_output("scripts/kconfig/conf.c"));
	return unit_done("scan");
}

/* Unit tests of connect_built_by(): the Kconfig symbol of the Makefile line that builds a C file. */
#include "connect.h"
#include "unit.h"

static void expect(struct plan *plan, const char *path, const char *want)
{
	char *got = connect_built_by(plan, path);

	if (want)
		CHECK_STR(got, want);
	else
		CHECK(got == NULL);
	if (want && !got)
		fprintf(stderr, "  (for %s)\n", path);
	free(got);
}

int main(void)
{
	struct plan plan;

	unit_mkdir("connect");
	unit_put("Kbuild", "obj-y += drivers/\n");
	unit_put("drivers/Makefile", "obj-$(CONFIG_MEDIA) += media/\nobj-y += base/\n");
	/* a plain object, a composite's part (ipu3-cio2 style), its other part, a multi-line list */
	unit_put("drivers/media/Makefile",
		 "obj-$(CONFIG_CIO2) += ipu3-cio2.o\n"
		 "ipu3-cio2-y += ipu3-cio2-main.o\n"
		 "ipu3-cio2-$(CONFIG_CIO2_BRIDGE) += cio2-bridge.o\n"
		 "obj-$(CONFIG_TUNER) += \\\n\ttuner-a.o tuner-b.o\n"
		 "ccflags-y += -Ifoo.o\n");
	/* obj-y in a directory built unconditionally all the way up */
	unit_put("drivers/base/Makefile", "obj-y += core.o\nobj-$(CONFIG_FW) += firmware.o\n");
	/* obj-y in a directory that the parent builds under a symbol */
	unit_put("drivers/media/common/Makefile", "obj-y += common.o\n");
	unit_put("drivers/media/Makefile.extra", "");
	plan_init(&plan, unit_dir);
	expect(&plan, "drivers/media/ipu3-cio2-main.c", "CIO2");
	expect(&plan, "drivers/media/cio2-bridge.c", "CIO2_BRIDGE");
	expect(&plan, "drivers/media/tuner-b.c", "TUNER");
	expect(&plan, "drivers/base/firmware.c", "FW");
	expect(&plan, "drivers/base/core.c", NULL);        /* always built */
	expect(&plan, "drivers/media/nowhere.c", NULL);    /* no line names it */
	expect(&plan, "drivers/media/foo.c", NULL);        /* -Ifoo.o is a flag, not an object */
	expect(&plan, "README", NULL);
	plan_release(&plan);
	/* obj-y += common/ in drivers/media: the parent's line for media/ decides */
	unit_put("drivers/media/Makefile", "obj-y += common/\n");
	plan_init(&plan, unit_dir);
	expect(&plan, "drivers/media/common/common.c", "MEDIA");
	plan_release(&plan);
	return unit_done("connect");
}

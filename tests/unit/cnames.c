/* Unit tests of cnames: what a header declares (macros, tags, enumerators, typedefs, file-scope declarators), not what it only uses. */
#include <stdio.h>

#include "cnames.h"
#include "unit.h"

static char *joined(const char *text, int *has_include)
{
	struct strvec v = STRVEC_INIT;
	struct strbuf sb = STRBUF_INIT;

	*has_include = cnames_declared(text, strlen(text), &v);
	for (size_t i = 0; i < v.n; i++)
		sb_addf(&sb, "%s%s", i ? " " : "", v.v[i]);
	sv_clear(&v);
	return sb_detach(&sb, NULL);
}

int main(void)
{
	int inc;
	char *s;

	/* include/linux/pda_power.h (6.1), shortened: a guard, two macros, a struct; struct device only forward-declared and used */
	s = joined("/* SPDX */\n#ifndef __PDA_POWER_H__\n#define __PDA_POWER_H__\n\n"
		   "#define PDA_POWER_CHARGE_AC  (1 << 0)\n#define PDA_POWER_CHARGE_USB (1 << 1)\n\n"
		   "struct device;\n\nstruct pda_power_pdata {\n\tint (*init)(struct device *dev);\n"
		   "\tint (*is_ac_online)(void);\n\tchar **supplied_to;\n};\n\n#endif\n", &inc);
	CHECK_STR(s, "__PDA_POWER_H__ PDA_POWER_CHARGE_AC PDA_POWER_CHARGE_USB pda_power_pdata");
	CHECK(inc == 0);
	free(s);

	/* prototypes, an extern, an inline function and its body, a function pointer typedef */
	s = joined("#include <linux/types.h>\nextern struct platform_device foo_device;\n"
		   "int foo_register(struct device *dev, const char *name);\n"
		   "static inline void foo_stub(int x) { bar(x); }\n"
		   "typedef int (*foo_cb_t)(void *arg);\ntypedef struct { int a; } foo_t;\n", &inc);
	CHECK_STR(s, "foo_device foo_register foo_stub foo_cb_t foo_t");
	CHECK(inc == 1);
	free(s);

	/* enumerators, named and anonymous enums; a comment and a string hide nothing */
	s = joined("enum foo_mode { FOO_OFF, FOO_ON = 2, };\nenum {\n\tFOO_A, /* FOO_NOT */\n\tFOO_B\n};\n"
		   "#define FOO_NAME \"FOO_STR\" \\\n\tFOO_CONT\n", &inc);
	CHECK_STR(s, "foo_mode FOO_OFF FOO_ON FOO_A FOO_B FOO_NAME");
	free(s);

	/* a macro call at file scope counts its macro */
	s = joined("DECLARE_PER_CPU(int, foo_count);\nint foo_a, foo_b[4];\n", &inc);
	CHECK_STR(s, "DECLARE_PER_CPU foo_a foo_b");
	free(s);

	CHECK(cnames_mentions("x = PDA_POWER_CHARGE_AC;", 24, "PDA_POWER_CHARGE_AC"));
	CHECK(!cnames_mentions("x = PDA_POWER_CHARGE_ACX;", 25, "PDA_POWER_CHARGE_AC"));
	CHECK(!cnames_mentions("x = MY_PDA_POWER_CHARGE_AC;", 27, "PDA_POWER_CHARGE_AC"));
	CHECK(cnames_mentions("foo", 3, "foo"));
	CHECK(!cnames_mentions("fo", 2, "foo"));
	return unit_done("cnames");
}

/* links.c - unit tests of links.h: which names a C buffer defines. */
#include "unit.h"

#include "clex.h"
#include "links.h"

/* The definitions of src, as "name:line name:line ...". */
static char *defs(const char *src)
{
	struct strvec v = STRVEC_INIT;
	struct strbuf sb = STRBUF_INIT;

	c_definitions(src, strlen(src), &v);
	for (size_t i = 0; i < v.n; i++)
		sb_addf(&sb, "%s%s", i ? " " : "", v.v[i]);
	sv_clear(&v);
	return sb_detach(&sb, NULL);
}

#define DEFS(src, want)                      \
	do {                                 \
		char *got_ = defs(src);      \
		CHECK_STR(got_, want);       \
		free(got_);                  \
	} while (0)

int main(int argc, char **argv)
{
	if (argc > 1) {   /* debugging aid: the definitions of a file */
		struct strbuf sb = STRBUF_INIT;
		struct strvec v = STRVEC_INIT;

		if (read_file(argv[1], &sb) < 0)
			return 2;
		c_definitions(sb.buf, sb.len, &v);
		for (size_t i = 0; i < v.n; i++)
			printf("%s\n", v.v[i]);
		return 0;
	}
	DEFS("int a;\nstatic int b;\nextern int c;\nint d = 1, e;\n", "a:1 d:4 e:4");
	DEFS("int f(void);\nint g(void)\n{\n\treturn h(1);\n}\n", "g:2");
	DEFS("static int s(void) { return 0; }\nstatic inline int t(void) { return 1; }\n", "");
	DEFS("void *__kmalloc(size_t size, gfp_t flags)\n{\n\treturn 0;\n}\n", "__kmalloc:1");
	DEFS("int x __read_mostly;\nint y __initdata = 3;\nstatic int z __initdata;\n", "x:1 y:2");
	DEFS("struct foo { int a; int (*b)(void); } foo_var;\nstruct bar;\n", "foo_var:1");
	DEFS("typedef int myint;\nenum e { A, B };\n", "");
	/* pointer declarators (x86's acpi_suspend_lowlevel): a variable, not MACRO(args); a typedef or extern defines nothing */
	DEFS("int (*acpi_suspend_lowlevel)(void) = x86_suspend;\nint (*q)(void);\nint (*const hooks[2])(void) = { 0 };\n"
	     "typedef int (*hook_t)(void);\nextern void (*ext)(int);\nstatic void (*sp)(void);\n",
	     "acpi_suspend_lowlevel:1 q:2 hooks:3");
	DEFS("int (*fn(int a))(void)\n{\n\treturn 0;\n}\nint after;\n", "fn:1 after:5");
	DEFS("DEFINE_MUTEX(m);\nstatic DEFINE_SPINLOCK(l);\nDEFINE_PER_CPU(int, pc);\n", "m:1 pc:3");
	/* The *_ATTRIBUTE makers define static things: no global "board" or "fops" (s3c24xx-cpufreq-debugfs.c). */
	DEFS("DEFINE_SHOW_ATTRIBUTE(board);\nDEFINE_SIMPLE_ATTRIBUTE(fops, get, set, \"%llu\\n\");\nDEFINE_MUTEX(m);\n",
	     "m:3");
	DEFS("DEFINE_TEST_ALLOC(kmalloc, kfree, 0, 1, 0);\nDEFINE_TEST_ARRAY(u8) = { 1 };\n", "");
	DEFS("EXPORT_SYMBOL(g);\nmodule_init(g);\n", "");
	DEFS("#if 0\nint dead(void) { return 0; }\n#else\nint live(void) { return 0; }\n#endif\n", "live:4");
	DEFS("#ifdef CONFIG_X\nint v(int a) {\n#else\nint v(long a) {\n#endif\n\treturn 0;\n}\nint w;\n",
	     "v:2 w:8");
	DEFS("SYSCALL_DEFINE2(foo, int, a, int, b)\n{\n\treturn 0;\n}\nint after;\n", "SYSCALL_DEFINE2:1 after:5");
	DEFS("int __attribute__((weak)) wk(void)\n{\n\treturn 0;\n}\n", "wk:1");
	DEFS("void __init early(void)\n{\n}\nconst char *s = \"int no;\";\n/* int c; */\n", "early:1 s:4");
	/* arch/arm/mach-footbridge/cats-hw.c: a machine record's members are not definitions */
	DEFS("MACHINE_START(CATS, \"Chalice-CATS\")\n\t.atag_offset\t= 0x100,\n"
	     "\t.reboot_mode\t= REBOOT_SOFT,\n\t.fixup\t\t= fixup_cats,\nMACHINE_END\n", "");
	return unit_done("links");
}

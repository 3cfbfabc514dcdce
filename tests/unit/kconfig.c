/* Unit tests of the Kconfig modules: expression simplifier, parser spans, database queries. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kconfig.h"
#include "kconfig_ast.h"
#include "run_command.h"
#include "unit.h"

/*
 * Simplify expr with the comma-separated symbols removed: "=n", "=m", "=y"
 * for a constant, "unchanged" when no removed symbol is named, else the
 * rewritten text; "error: ..." when it does not parse.
 */
static const char *simp(const char *expr, const char *removed)
{
	static char buf[512];
	struct arena_chunk *arena = NULL;
	struct strbuf err = STRBUF_INIT, out = STRBUF_INIT;
	struct strset set = STRSET_INIT;
	struct kexpr *e;
	char *list = xstrdup(removed), *save = NULL;

	for (char *s = strtok_r(list, ",", &save); s; s = strtok_r(NULL, ",", &save))
		strset_add(&set, s);
	e = kconfig_parse_expr(expr, &arena, &err);
	if (!e) {
		snprintf(buf, sizeof(buf), "error: %.*s", (int)(err.len ? err.len - 1 : 0),
			 err.buf ? err.buf : "");
	} else {
		int v = kx_eval(expr, e, &set);

		if (!e->touched) {
			snprintf(buf, sizeof(buf), "unchanged");
		} else if (v >= 0) {
			snprintf(buf, sizeof(buf), "=%c", "nmy"[v]);
		} else {
			kx_emit_top(expr, e, &out);
			snprintf(buf, sizeof(buf), "%s", out.buf);
		}
	}
	kconfig_arena_free(arena);
	strset_clear(&set);
	sb_release(&err);
	sb_release(&out);
	free(list);
	return buf;
}

static void test_simplify(void)
{
	/* plain boolean cases */
	CHECK_STR(simp("X", "X"), "=n");
	CHECK_STR(simp("!X", "X"), "=y");
	CHECK_STR(simp("A && X", "X"), "=n");
	CHECK_STR(simp("X && A", "X"), "=n");
	CHECK_STR(simp("A || X", "X"), "A");
	CHECK_STR(simp("X || A", "X"), "A");
	CHECK_STR(simp("A && !X", "X"), "A");
	CHECK_STR(simp("!X && A", "X"), "A");
	CHECK_STR(simp("A || !X", "X"), "=y");
	CHECK_STR(simp("A", "X"), "unchanged");
	CHECK_STR(simp("XA || AX", "X"), "unchanged");
	CHECK_STR(simp("X || Y", "X,Y"), "=n");
	CHECK_STR(simp("!X && !Y", "X,Y"), "=y");
	CHECK_STR(simp("!X || Y", "X,Y"), "=y");
	CHECK_STR(simp("X && !Y", "X,Y"), "=n");
	CHECK_STR(simp("A || X || B", "X"), "A || B");
	CHECK_STR(simp("A && B && !X", "X"), "A && B");
	CHECK_STR(simp("!X && A && B", "X"), "A && B");
	CHECK_STR(simp("A && X || B", "X"), "B");
	CHECK_STR(simp("A || X && B", "X"), "A");
	CHECK_STR(simp("A || B && !X", "X"), "A || B");
	CHECK_STR(simp("64BIT && !X", "X"), "64BIT");
	CHECK_STR(simp("A ||X", "X"), "A");
	/* parentheses */
	CHECK_STR(simp("(X)", "X"), "=n");
	CHECK_STR(simp("((X || A))", "X"), "A");
	CHECK_STR(simp("(A || X) && B", "X"), "A && B");
	CHECK_STR(simp("A && (B || X)", "X"), "A && B");
	CHECK_STR(simp("(A || B || X) && C", "X"), "(A || B) && C");
	CHECK_STR(simp("X || (A && B)", "X"), "A && B");
	CHECK_STR(simp("C || (X || (A && B))", "X"), "C || (A && B)");
	CHECK_STR(simp("!(X || A)", "X"), "!A");
	CHECK_STR(simp("!(X && A)", "X"), "=y");
	CHECK_STR(simp("!(X || (A && B))", "X"), "!(A && B)");
	CHECK_STR(simp("(A) && !X", "X"), "(A)");
	CHECK_STR(simp("A  &&  ( B  ||  X )", "X"), "A  &&  B");
	CHECK_STR(simp("A && \\\n\tX", "X"), "=n");
	CHECK_STR(simp("A || \\\n\tX || \\\n\tB", "X"), "A || \\\n\tB");
	/* comparisons: X reads n */
	CHECK_STR(simp("X = y", "X"), "=n");
	CHECK_STR(simp("X = n", "X"), "=y");
	CHECK_STR(simp("X != n", "X"), "=n");
	CHECK_STR(simp("X != y", "X"), "=y");
	CHECK_STR(simp("X = m", "X"), "=n");
	CHECK_STR(simp("X != m", "X"), "=y");
	CHECK_STR(simp("y = X", "X"), "=n");
	CHECK_STR(simp("X = \"n\"", "X"), "=y");
	CHECK_STR(simp("X = \"y\"", "X"), "=n");
	CHECK_STR(simp("X < m", "X"), "=y");
	CHECK_STR(simp("X >= m", "X"), "=n");
	CHECK_STR(simp("X <= n", "X"), "=y");
	CHECK_STR(simp("X > n", "X"), "=n");
	CHECK_STR(simp("X = Y", "X,Y"), "=y");
	CHECK_STR(simp("X = A", "X"), "n = A");
	CHECK_STR(simp("A != X", "X"), "A != n");
	CHECK_STR(simp("B && X = A", "X"), "B && n = A");
	CHECK_STR(simp("A || X = y", "X"), "A");
	CHECK_STR(simp("!X = y", "X"), "=y");
	CHECK_STR(simp("X = 0x10", "X"), "=n");
	/* m: tristate logic */
	CHECK_STR(simp("X || m", "X"), "=m");
	CHECK_STR(simp("X && m", "X"), "=n");
	CHECK_STR(simp("!X && m", "X"), "=m");
	CHECK_STR(simp("m && !X", "X"), "=m");
	CHECK_STR(simp("!(X || m)", "X"), "=m");
	CHECK_STR(simp("A && (X || m)", "X"), "A && m");
	CHECK_STR(simp("A || (!X && m)", "X"), "A || m");
	CHECK_STR(simp("(X || m) && (!X || m)", "X"), "=m");
	CHECK_STR(simp("y && !X", "X"), "=y");
	CHECK_STR(simp("n || X", "X"), "=n");
	CHECK_STR(simp("y && (A || X)", "X"), "A");
	/* macros are never removed symbols, and stay as written */
	CHECK_STR(simp("$(cc-option,-mfoo) && X", "X"), "=n");
	CHECK_STR(simp("$(success,true) || X", "X"), "$(success,true)");
	CHECK_STR(simp("$(cc-option, -m (x) y) || !X", "X"), "=y");
	CHECK_STR(simp("$(X)", "X"), "unchanged");
	/* malformed expressions */
	CHECK(!strncmp(simp("A &&", "X"), "error: <expr>:1: unexpected end of file", 39));
	CHECK(!strncmp(simp("(A || X", "X"), "error:", 6));
	CHECK(!strncmp(simp("A B", "X"), "error: <expr>:1: unexpected 'B' after", 37));
	CHECK(!strncmp(simp("A = B = C", "X"), "error:", 6));
	CHECK(!strncmp(simp("$(foo", "X"), "error: <expr>:1: unterminated $(...)", 36));
	CHECK(!strncmp(simp("\"abc", "X"), "error: <expr>:1: unterminated string", 36));
	CHECK(!strncmp(simp("A && if", "X"), "error:", 6));
}

static struct kfile *parse(const char *text, struct strbuf *err)
{
	sb_reset(err);
	return kconfig_parse("t/Kconfig", text, strlen(text), err);
}

/* The text of [a, b) of s, for comparisons. */
static const char *span(const char *s, size_t a, size_t b)
{
	static char buf[1024];

	snprintf(buf, sizeof(buf), "%.*s", (int)(b - a), s + a);
	return buf;
}

static void test_parse_spans(void)
{
	struct strbuf err = STRBUF_INIT;
	const char *t =
		"# comment\n"
		"config A\n"
		"\tbool \"A prompt\" if B # trailing\n"
		"\tdepends on B && \\\n"
		"\t\t   C\n"
		"\thelp\n"
		"\t  Help.\n"
		"\n"
		"\t    indented more\n"
		"\n"
		"config B\n"
		"\tdef_bool y\n"
		"\n"
		"menu \"M\"\n"
		"\tvisible if C\n"
		"\n"
		"choice NAMED\n"
		"\tprompt \"pick\"\n"
		"\tdefault B1\n"
		"config B1\n"
		"\tbool \"b1\"\n"
		"endchoice\n"
		"endmenu\n"
		"if A\n"
		"source \"arch/$(SRCARCH)/Kconfig\"\n"
		"endif\n"
		"VAR := $(shell,echo x)\n"
		"$(info,hello)\n"
		"config C\n"
		"\tint \"c\"\n"
		"\trange 1 10 if A\n"
		"\tdefault 5";
	struct kfile *f = parse(t, &err);
	struct knode *n;
	struct kattr *a;

	CHECK(f != NULL);
	if (!f) {
		fprintf(stderr, "%s", err.buf);
		return;
	}
	n = f->root.child;
	CHECK(n->kind == KN_CONFIG);
	CHECK_STR(n->name, "A");
	CHECK(n->line == 2);
	CHECK_STR(span(t, n->start, n->end),
		  "config A\n\tbool \"A prompt\" if B # trailing\n\tdepends on B && \\\n\t\t   C\n"
		  "\thelp\n\t  Help.\n\n\t    indented more\n");
	a = n->attrs;
	CHECK(a->kind == KA_TYPE && a->type == KT_BOOL);
	CHECK_STR(a->prompt, "A prompt");
	CHECK_STR(span(t, a->prompt_start, a->prompt_end), "\"A prompt\"");
	CHECK_STR(span(t, a->cond->start, a->cond->end), "B");
	CHECK_STR(span(t, a->start, a->end), "\tbool \"A prompt\" if B # trailing\n");
	a = a->next;
	CHECK(a->kind == KA_DEPENDS && a->line == 4);
	CHECK_STR(span(t, a->expr->start, a->expr->end), "B && \\\n\t\t   C");
	CHECK_STR(span(t, a->kw_start, a->kw_end), "depends on");
	a = a->next;
	CHECK(a->kind == KA_HELP && a->line == 6);
	CHECK_STR(span(t, a->start, a->end), "\thelp\n\t  Help.\n\n\t    indented more\n");
	n = n->next;
	CHECK(n->kind == KN_CONFIG && n->line == 11 && n->attrs->kind == KA_DEF_TYPE);
	n = n->next;
	CHECK(n->kind == KN_MENU);
	CHECK_STR(n->name, "M");
	CHECK(n->attrs && n->attrs->kind == KA_VISIBLE);
	CHECK_STR(span(t, n->start, n->head_end), "menu \"M\"\n\tvisible if C\n");
	CHECK_STR(span(t, n->end_start, n->end), "endmenu\n");
	CHECK(n->end_line == 23);
	CHECK(n->child && n->child->kind == KN_CHOICE);
	CHECK_STR(n->child->name, "NAMED");
	CHECK(n->child->child && n->child->child->kind == KN_CONFIG);
	CHECK_STR(span(t, n->child->end_start, n->child->end), "endchoice\n");
	n = n->next;
	CHECK(n->kind == KN_IF);
	CHECK_STR(span(t, n->cond->start, n->cond->end), "A");
	CHECK(n->child && n->child->kind == KN_SOURCE);
	CHECK_STR(n->child->name, "arch/$(SRCARCH)/Kconfig");
	n = n->next;
	CHECK(n->kind == KN_ASSIGN);
	CHECK_STR(n->name, "VAR");
	n = n->next;
	CHECK(n->kind == KN_MACRO);
	n = n->next;
	CHECK(n->kind == KN_CONFIG);
	CHECK_STR(n->name, "C");
	CHECK(n->end == strlen(t));
	a = n->attrs->next;
	CHECK(a->kind == KA_RANGE);
	CHECK_STR(a->expr->word, "1");
	CHECK_STR(a->expr2->word, "10");
	kconfig_file_free(f);

	/* unknown attributes keep their span; a column-0 unknown word is an error */
	f = parse("config A\n\tbool\n\toption env=\"ARCH\"\n\ttransitional\n", &err);
	CHECK(f && f->root.child->attrs->next->kind == KA_OTHER);
	CHECK(f && f->root.child->attrs->next->next->kind == KA_OTHER);
	kconfig_file_free(f);
	CHECK(!parse("config A\n\tbool\nfoo bar\n", &err));
	CHECK_STR(err.buf, "t/Kconfig:3: unknown statement \"foo\"\n");

	/* help text: ends at the first line indented less than its first line */
	f = parse("config A\n\tbool\n\thelp\n\t  one\n\t two\n", &err);
	CHECK(f && f->root.child->attrs->next->end == strlen("config A\n\tbool\n\thelp\n\t  one\n"));
	kconfig_file_free(f);
	sb_release(&err);
}

static void test_parse_errors(void)
{
	static const struct { const char *text, *msg; } cases[] = {
		{ "config\n", "t/Kconfig:1: unexpected end of line where a symbol name was expected\n" },
		{ "config if\n", "t/Kconfig:1: unexpected 'if' where a symbol name was expected\n" },
		{ "menu \"m\"\nconfig A\n\tbool\n", "t/Kconfig:1: 'menu' without a matching 'endmenu'\n" },
		{ "if A\nendmenu\n", "t/Kconfig:2: unexpected 'endmenu' within the if block at line 1\n" },
		{ "endif\n", "t/Kconfig:1: 'endif' without a matching block\n" },
		{ "config A\n\tdepends A\n", "t/Kconfig:2: unexpected 'A' where 'on' was expected after 'depends'\n" },
		{ "config A\n\tbool \"x\n", "t/Kconfig:2: unterminated string\n" },
		{ "config A\n\tdefault (A || B\n", "t/Kconfig:2: unexpected end of line where ')' was expected\n" },
		{ "\tdepends on A\n", "t/Kconfig:1: 'depends' outside of a config, menu or choice entry\n" },
		{ "source foo\n", "t/Kconfig:1: unexpected 'foo' where a quoted string was expected after 'source'\n" },
		{ "config A\n\tselect \"B\"\n", "t/Kconfig:2: select of a quoted string\n" },
		{ "config A\n\tbool\n\tdefault $(x\n", "t/Kconfig:3: unterminated $(...)\n" },
		{ "config A\n\tbool\x01\n", "t/Kconfig:2: unexpected '\x01' at the end of the attribute\n" },
		{ "config A\n\tbool\n\0", "t/Kconfig:3: NUL byte in a Kconfig file\n" },
	};
	struct strbuf err = STRBUF_INIT;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		size_t len = strlen(cases[i].text) + (strstr(cases[i].msg, "NUL") ? 1 : 0);
		struct kfile *f;

		sb_reset(&err);
		f = kconfig_parse("t/Kconfig", cases[i].text, len, &err);
		CHECK(f == NULL);
		CHECK_STR(err.buf ? err.buf : "", cases[i].msg);
		kconfig_file_free(f);
	}
	sb_release(&err);
}

/* Every prefix and some mutations of a valid file: a tree or an error, never a crash. */
static void test_parse_robust(void)
{
	const char *t =
		"menu \"M\"\n\tdepends on A || (B && !C)\nchoice\n\tprompt \"p\"\n\tdefault X\n"
		"config X\n\tbool \"x\" if A\n\tselect Y if B\n\thelp\n\t  text\n\nendchoice\n"
		"if A\nsource \"a/$(SRCARCH)/Kconfig\"\nendif\nendmenu\n"
		"config Y\n\tdef_tristate m if $(cc-option,-x) && \\\n\t  X = \"y\"\n";
	size_t len = strlen(t), parsed = 0, failed = 0;
	char *buf = xmalloc(len + 1);
	unsigned seed = 12345;
	struct strbuf err = STRBUF_INIT;

	for (size_t n = 0; n <= len; n++) {
		/* exactly n bytes, no terminator: ASan catches a read past the end */
		char *exact = xmalloc(n ? n : 1);
		struct kfile *f;

		memcpy(exact, t, n);
		sb_reset(&err);
		f = kconfig_parse("t/Kconfig", exact, n, &err);
		if (f)
			parsed++;
		else
			failed += err.len > 0;
		kconfig_file_free(f);
		free(exact);
	}
	for (int round = 0; round < 2000; round++) {
		struct kfile *f;

		memcpy(buf, t, len + 1);
		for (int k = 0; k < 3; k++) {
			seed = seed * 1103515245 + 12345;
			buf[(seed >> 8) % len] = "()&|!=\"\\\n\t #$xy"[(seed >> 20) % 16];
		}
		sb_reset(&err);
		f = kconfig_parse("t/Kconfig", buf, len, &err);
		CHECK(f || err.len > 0);
		kconfig_file_free(f);
	}
	CHECK(parsed > 0 && failed > 0 && parsed + failed == len + 1);
	free(buf);
	sb_release(&err);
}

static void test_db(void)
{
	char *dir, *arch;
	struct tree t;
	struct plan plan;
	struct kconfig_db db;
	struct strbuf err = STRBUF_INIT;
	struct strvec syms = STRVEC_INIT;
	const struct kconfig_def *d;
	const struct kfile *f;
	size_t n;
	const char *top = "mainmenu \"T\"\nsource \"init/Kconfig\"\nsource \"arch/$(SRCARCH)/Kconfig\"\n";
	const char *init =
		"config A\n\tbool \"A\"\n\tdepends on B\n\tselect C if D\n\timply E\n\tdefault F if G\n"
		"\trange H I\n\thelp\n\t  A mentions B.\n\n"
		"# B in a comment\n"
		"choice\n\tprompt \"Pick\"\n\tdefault C\nconfig C\n\tbool \"c\" if !B\nendchoice\n"
		"if B\nconfig D\n\tdef_bool B\nendif\n";

	unit_mkdir("kconfig-unit");
	dir = unit_dir;
	unit_put("Makefile", "all:\n");
	unit_put("Kconfig", top);
	unit_put("init/Kconfig", init);
	unit_put("arch/x86/Kconfig", "config B\n\tbool \"B on x86\"\n");
	unit_put("arch/arm/Kconfig", "config B\n\tdef_bool y\n");
	/* Not a kernel tree (a directory without Kconfig and Makefile): an error, no exit. */
	arch = path_join(dir, "arch");
	CHECK(tree_load(&t, arch, &err) < 0);
	CHECK(err.buf && strstr(err.buf, "/arch: not a kernel tree"));
	tree_release(&t);
	free(arch);
	sb_reset(&err);
	CHECK(tree_load(&t, dir, &err) == 0);
	plan_init(&plan, dir);
	CHECK(kconfig_db_load(&db, &t, &plan, &err) == 0);
	CHECK(db.nfiles == 4);
	d = kconfig_defs(&db, "B", &n);
	CHECK(n == 2);
	if (n == 2) {
		CHECK_STR(d[0].path, "arch/arm/Kconfig");
		CHECK_STR(d[0].type, "bool");
		CHECK(d[0].prompt == NULL);
		CHECK_STR(d[1].path, "arch/x86/Kconfig");
		CHECK_STR(d[1].prompt, "B on x86");
	}
	d = kconfig_defs(&db, "C", &n);
	CHECK(n == 1 && d[0].line == 15 && d[0].choice && !strcmp(d[0].choice, "Pick") &&
	      d[0].choice_line == 12);
	CHECK(kconfig_is_defined(&db, "D") && !kconfig_is_defined(&db, "Z"));
	kconfig_symbols(&db, &syms);
	CHECK(syms.n == 4 && !strcmp(syms.v[0], "A") && !strcmp(syms.v[3], "D"));
	/* both arch files are sourced through $(SRCARCH) */
	f = kconfig_file(&db, "arch/x86/Kconfig");
	CHECK(f && f->nsites == 1);
	f = kconfig_file(&db, "init/Kconfig");
	CHECK(f && f->nsites == 1);

	/* reference kinds, at the offset of a word on a line */
	struct { const char *line_start, *word, *kind; } kinds[] = {
		{ "config A", "A", "kconfig-entry" },
		{ "\tbool \"A\"", "A", "other" },
		{ "\tdepends on B", "B", "kconfig-depends" },
		{ "\tselect C", "C", "kconfig-select" },
		{ "\tselect C if D", "D", "kconfig-select" },
		{ "\timply E", "E", "kconfig-imply" },
		{ "\tdefault F", "F", "kconfig-default" },
		{ "\tdefault F if G", "G", "kconfig-default" },
		{ "\trange H I", "I", "kconfig-default" },
		{ "\t  A mentions B", "B", "other" },
		{ "# B in a comment", "B", "other" },
		{ "\tdefault C", "C", "kconfig-default" },
		{ "\tbool \"c\" if !B", "B", "kconfig-depends" },
		{ "if B", "B", "kconfig-if" },
		{ "\tdef_bool B", "B", "kconfig-default" },
	};
	const char *data = kconfig_file(&db, "init/Kconfig")->data;

	for (size_t i = 0; i < ARRAY_SIZE(kinds); i++) {
		const char *l = strstr(data, kinds[i].line_start);
		const char *w = l ? strstr(l + (kinds[i].line_start[0] == '\t'), kinds[i].word) : NULL;

		/* the last occurrence of the word on that line */
		for (const char *p = w; p && p < l + strlen(kinds[i].line_start);
		     p = strstr(p + 1, kinds[i].word))
			w = p;
		CHECK(w != NULL);
		if (w)
			CHECK_STR(kind_name(kconfig_ref_kind(&db, "init/Kconfig", (size_t)(w - data), NULL)),
				  kinds[i].kind);
	}
	{
		struct strset own = STRSET_INIT;
		const char *help = strstr(data, "A mentions");

		strset_add(&own, "A");
		CHECK_STR(kind_name(kconfig_ref_kind(&db, "init/Kconfig", (size_t)(help - data), &own)),
			  "kconfig-entry");
		CHECK_STR(kind_name(kconfig_ref_kind(&db, "init/Kconfig", (size_t)(help - data), NULL)), "other");
		CHECK_STR(kind_name(kconfig_ref_kind(&db, "Kconfig", (size_t)(strstr(top, "init") - top), NULL)),
			  "kconfig-source");
		CHECK_STR(kind_name(kconfig_ref_kind(&db, "nope/Kconfig", 0, NULL)), "other");
		strset_clear(&own);
	}

	/* removal: B goes on x86 only if asked for; here all of B */
	{
		struct strset rm = STRSET_INIT;
		struct kconfig_result res = { 0 };

		strset_add(&rm, "B");
		CHECK(kconfig_remove(&db, &plan, &rm, NULL, &res, &err) == 0);
		CHECK(res.nremoved == 3);
		if (res.nremoved == 3) {
			CHECK_STR(res.removed[0].name, "B");
			CHECK(res.removed[0].requested);
			CHECK_STR(res.removed[1].name, "A");
			CHECK_STR(res.removed[1].reason, "depends on B");
			CHECK_STR(res.removed[2].name, "D");
			CHECK_STR(res.removed[2].reason, "is inside an `if` on B");
		}
		for (size_t i = 0; i < res.nchanges; i++)
			CHECK(kind_family(res.changes[i].kind) == FAMILY_KCONFIG);
		CHECK(plan_check(&plan, &err) == 0);
		kconfig_result_release(&res);
		strset_clear(&rm);
	}
	/* a --replace that names an unknown symbol is refused before anything is planned */
	{
		struct strset rm = STRSET_INIT;
		struct kconfig_result res = { 0 };
		const char *olds[] = { "C" }, *news[] = { "NOPE" };
		struct kconfig_replace repl = { olds, news, 1 };
		size_t before = plan.nedits;

		strset_add(&rm, "C");
		sb_reset(&err);
		CHECK(kconfig_remove(&db, &plan, &rm, &repl, &res, &err) < 0);
		CHECK_STR(err.buf, "--replace C=NOPE: NOPE is not defined in any Kconfig file\n");
		CHECK(plan.nedits == before);
		kconfig_result_release(&res);
		strset_clear(&rm);
	}

	kconfig_db_release(&db);
	plan_release(&plan);
	tree_release(&t);
	sv_clear(&syms);
	sb_release(&err);
	{
		char *argv[] = { "rm", "-rf", dir, NULL };

		run_capture("/", argv, NULL, 1);
	}
}

int main(void)
{
	test_simplify();
	test_parse_spans();
	test_parse_errors();
	test_parse_robust();
	test_db();
	return unit_done("kconfig");
}

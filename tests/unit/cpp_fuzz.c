/*
 * Robustness of cpp_resolve() on random directive soup (fixed seed): it
 * returns an error or a set of sorted, non-overlapping edits; a second run
 * over the result changes nothing; the result names CONFIG_X only where a
 * form it cannot evaluate was reported for review.  Run under ASan/UBSan too.
 */
#include <stdlib.h>
#include <unistd.h>

#include "cpp.h"
#include "unit.h"

static unsigned long long rng = 0x9e3779b97f4a7c15ULL;

static unsigned next_rand(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static const char *const atoms[] = {
	"defined(CONFIG_X)", "defined CONFIG_X", "CONFIG_X", "CONFIG_X_MODULE", "CONFIG_Y",
	"IS_ENABLED(CONFIG_X)", "IS_MODULE(CONFIG_Y)", "IS_REACHABLE(CONFIG_Y)", "defined(CONFIG_A)",
	"CONFIG_B", "FOO(CONFIG_X)", "0", "1", "0x10", "defined(MODULE)",
};
static const char *const binops[] = { " || ", " && ", "||", " + ", " == ", " > ", " || \\\n\t" };
static const char *const names[] = { "CONFIG_X", "CONFIG_X_MODULE", "CONFIG_Y", "CONFIG_A", "GUARD_H" };
static const char *const comments[] = {
	"", "", "", " /* CONFIG_X */", " /* !CONFIG_X */", " /* CONFIG_A || CONFIG_X */",
	" // X", " /* spans\n lines */", " /* CONFIG_A */",
};
static const char *const text_lines[] = {
	"int a;", "", "/* #if CONFIG_X */", "const char *s = \"#ifdef CONFIG_X\";", "char c = '\"';",
	"#define M(x) \\\n\tx", "/*\n#endif\n*/", "x = 1; // #else", "\t", "#include <x.h>",
};

/* A random #if expression. */
static void random_expr(struct strbuf *sb, int depth)
{
	unsigned r = next_rand(depth > 3 ? 1 : 6);

	if (r == 0 || r == 1) {
		sb_adds(sb, atoms[next_rand(ARRAY_SIZE(atoms))]);
	} else if (r == 2) {
		sb_addc(sb, '!');
		random_expr(sb, depth + 1);
	} else if (r == 3) {
		sb_addc(sb, '(');
		random_expr(sb, depth + 1);
		sb_addc(sb, ')');
	} else if (r == 4) {
		random_expr(sb, depth + 1);
		sb_adds(sb, binops[next_rand(ARRAY_SIZE(binops))]);
		random_expr(sb, depth + 1);
	} else {
		random_expr(sb, depth + 1);
		sb_adds(sb, " ? ");
		random_expr(sb, depth + 1);
		sb_adds(sb, " : ");
		random_expr(sb, depth + 1);
	}
}

/* A random file of conditionals; returns 0 if it left an #if open (one in ten levels). */
static int random_file(struct strbuf *sb)
{
	int depth = 0, seen_else[64] = { 0 }, lines = 1 + (int)next_rand(40);

	for (int i = 0; i < lines; i++) {
		unsigned r = next_rand(100);

		if (r < 18 && depth < 63) {
			unsigned k = next_rand(3);

			sb_adds(sb, k == 0 ? "#if " : k == 1 ? "#ifdef " : "#ifndef ");
			if (k == 0)
				random_expr(sb, 0);
			else
				sb_adds(sb, names[next_rand(ARRAY_SIZE(names))]);
			seen_else[++depth] = 0;
		} else if (r < 28 && depth && !seen_else[depth]) {
			sb_adds(sb, next_rand(8) ? "#elif " : "#  elif ");
			random_expr(sb, 0);
		} else if (r < 36 && depth && !seen_else[depth]) {
			sb_adds(sb, "#else");
			seen_else[depth] = 1;
		} else if (r < 50 && depth) {
			sb_adds(sb, "#endif");
			depth--;
		} else {
			sb_adds(sb, text_lines[next_rand(ARRAY_SIZE(text_lines))]);
			sb_adds(sb, next_rand(20) ? "\n" : "\r\n");
			continue;
		}
		sb_adds(sb, comments[next_rand(ARRAY_SIZE(comments))]);
		sb_addc(sb, '\n');
	}
	while (depth > 0 && next_rand(10)) {
		sb_adds(sb, "#endif\n");
		depth--;
	}
	return depth == 0;
}

int main(void)
{
	struct strset off = STRSET_INIT, on = STRSET_INIT;
	int errors = 0, changed = 0, unbalanced = 0;

	unit_mkdir("cppfuzz");
	strset_add(&off, "X");
	strset_add(&on, "Y");
	for (int iter = 0; iter < 3000; iter++) {
		struct strbuf src = STRBUF_INIT, err = STRBUF_INIT, out = STRBUF_INIT;
		struct plan plan;
		int rc;

		int balanced = random_file(&src);

		unbalanced += !balanced;
		unit_write("f.c", src.buf, src.len);
		plan_init(&plan, unit_dir);
		rc = cpp_resolve(&plan, "f.c", &off, &on, NULL, &err);
		CHECK(rc >= -1);
		/* Exactly the files left unbalanced are rejected. */
		CHECK((rc < 0) == !balanced);
		if (rc < 0) {
			errors++;
			CHECK(plan.nedits == 0);
			CHECK(starts_with(err.buf, "excise: f.c:") && strstr(err.buf, ": unterminated #if"));
		} else {
			for (size_t i = 1; i < plan.nedits; i++)
				CHECK(plan.edits[i - 1].end <= plan.edits[i].start);
			CHECK((rc == 0) == (plan.nedits == 0));
			changed += rc > 0;
			plan_result(&plan, plan_file(&plan, "f.c"), &out);
			plan_release(&plan);
			/* Idempotent: the result resolves to itself. */
			unit_write("g.c", out.buf, out.len);
			plan_init(&plan, unit_dir);
			sb_reset(&err);
			rc = cpp_resolve(&plan, "g.c", &off, &on, NULL, &err);
			if (rc != 0) {
				CHECK(rc == 0);
				fprintf(stderr, "iteration %d: second run %d %s\ninput:\n%s\n---\nfirst result:\n%s\n",
					iter, rc, err.buf, src.buf, out.buf);
			}
		}
		plan_release(&plan);
		sb_release(&src);
		sb_release(&err);
		sb_release(&out);
	}
	printf("cpp_fuzz: 3000 random files, %d left unbalanced, %d rejected as malformed, %d changed\n",
	       unbalanced, errors, changed);
	CHECK(changed > 1000);
	strset_clear(&off);
	strset_clear(&on);
	{
		char *cmd = xasprintf("rm -rf %s", unit_dir);

		CHECK(system(cmd) == 0);
		free(cmd);
	}
	return unit_done("cpp_fuzz");
}

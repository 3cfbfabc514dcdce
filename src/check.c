/*
 * check.c - excise check's pipeline (check.h): plan the removal as the tree
 * before says, run the wanted steps in order, keep each step's result.
 */
#include "check.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "check_internal.h"

static const char *const step_names[CHECK_NSTEPS] = {
	"residue", "links", "kconfig", "sparse", "connected", "cross", "build", "boot",
};

const char *check_step_name(enum check_step s)
{
	return (unsigned)s < CHECK_NSTEPS ? step_names[s] : "?";
}

int check_step_parse(const char *name)
{
	for (int k = 0; k < CHECK_NSTEPS; k++)
		if (!strcmp(step_names[k], name))
			return k;
	return -1;
}

const char *check_status_name(enum check_status s)
{
	switch (s) {
	case CHECK_PASS: return "pass";
	case CHECK_FAIL: return "FAIL";
	case CHECK_NOT_NEEDED: return "not needed";
	case CHECK_PARTIAL: return "partial";
	case CHECK_NOT_RUN: break;
	}
	return "not run";
}

void check_say(struct check_ctx *c, enum check_step s, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	sb_vaddf(&sb, fmt, ap);
	va_end(ap);
	if (c->out && c->out->line)
		c->out->line(c->out->ctx, s, sb.buf ? sb.buf : "");
	sb_release(&sb);
}

int check_log_tail(const char *path, int lines, struct strvec *out)
{
	struct strbuf sb = STRBUF_INIT;
	size_t start;
	int seen = 0;

	if (read_file(path, &sb) < 0)
		return -1;
	start = sb.len;
	if (start && sb.buf[start - 1] == '\n')
		start--;
	while (start > 0) {
		if (sb.buf[start - 1] == '\n' && ++seen == lines)
			break;
		start--;
	}
	for (const char *p = sb.buf + start; p < sb.buf + sb.len;) {
		const char *nl = memchr(p, '\n', (size_t)(sb.buf + sb.len - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(sb.buf + sb.len - p);

		sv_push_owned(out, xstrndup(p, n));
		p += n + 1;
	}
	sb_release(&sb);
	return 0;
}

void check_say_tail(struct check_ctx *c, enum check_step s, const char *path, int n)
{
	struct strvec lines = STRVEC_INIT;

	check_log_tail(path, n, &lines);
	for (size_t i = 0; i < lines.n; i++)
		check_say(c, s, "| %s", lines.v[i]);
	sv_clear(&lines);
}

void check_count(struct check_ctx *c, enum check_step s, const char *name, long value)
{
	struct check_step_result *r = &c->res->steps[s];

	if (r->ncounts < CHECK_MAX_COUNTS)
		r->counts[r->ncounts++] = (struct check_count){ name, value };
}

void check_finish(struct check_ctx *c, enum check_step s, enum check_status status, double t0,
		  char *log, const char *fmt, ...)
{
	struct check_step_result *r = &c->res->steps[s];
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	sb_vaddf(&sb, fmt, ap);
	va_end(ap);
	r->step = s;
	r->status = status;
	r->seconds = seconds_now() - t0;
	free(r->details);
	r->details = sb_detach(&sb, NULL);
	free(r->log);
	r->log = log;
	c->res->failed |= status == CHECK_FAIL;
	if (c->out && c->out->step)
		c->out->step(c->out->ctx, r);
}

int check_ran(const struct check_ctx *c, enum check_step s, enum check_status status)
{
	return c->res->steps[s].status == status;
}

static int wanted(const struct check_options *opt, enum check_step s)
{
	return !opt->only || (opt->only & (1u << s));
}

static void add_all(struct strvec *to, const struct strvec *from)
{
	for (size_t i = 0; from && i < from->n; i++)
		sv_push(to, from->v[i]);
}

int check_run(const struct check_options *opt, char **targets, int ntargets,
	      const struct check_output *out, struct check_result *res, struct strbuf *err)
{
	struct check_ctx c;
	struct remove_options ropt = { 0 };

	memset(res, 0, sizeof(*res));
	memset(&c, 0, sizeof(c));
	for (int s = 0; s < CHECK_NSTEPS; s++)
		res->steps[s].step = (enum check_step)s;
	c.opt = opt;
	c.out = out;
	c.res = res;
	/* What the removal is, as the tree before says (dependents included). */
	ropt.unknown = LOCATE_UNKNOWN_ALLOW;   /* check reports on what it finds; it refuses no target */
	ropt.with_users = opt->with_users;
	/*
	 * The links step compares the trees themselves; --with-users plans as
	 * remove did (semantic patches, link residue), to know the users it took.
	 */
	ropt.no_cocci = !opt->with_users;
	ropt.no_links = !opt->with_users;
	ropt.tmp_dir = opt->tmp_dir;
	if (removal_plan(&c.before, opt->before, targets, ntargets, &ropt, err) < 0)
		return -1;
	add_all(&c.boot_config, opt->boot_config);
	add_all(&c.boot_config, &c.before.fp.boot_config);
	add_all(&c.expect, opt->expect);
	add_all(&c.expect, &c.before.fp.boot_expect_after);
	res->title = xstrdup(c.before.fp.title);
	if (out && out->begin)
		out->begin(out->ctx, res->title);
	if (wanted(opt, CHECK_RESIDUE))
		check_step_residue(&c);
	if (wanted(opt, CHECK_LINKS))
		check_step_links(&c);
	if (wanted(opt, CHECK_KCONFIG))
		check_step_kconfig(&c);
	if (wanted(opt, CHECK_SPARSE))
		check_step_sparse(&c);
	if (wanted(opt, CHECK_CONNECTED))
		check_step_connected(&c);
	if (wanted(opt, CHECK_CROSS))
		check_step_cross(&c);
	if (wanted(opt, CHECK_BUILD) || wanted(opt, CHECK_BOOT))
		check_step_build(&c);
	if (wanted(opt, CHECK_BOOT))
		check_step_boot(&c);
	removal_release(&c.before);
	sv_clear(&c.boot_config);
	sv_clear(&c.expect);
	sv_clear(&c.x86_unset);
	sv_clear(&c.arch_kernels);
	free(c.kernel);
	return 0;
}

void check_result_release(struct check_result *res)
{
	for (int s = 0; s < CHECK_NSTEPS; s++) {
		free(res->steps[s].details);
		free(res->steps[s].log);
	}
	free(res->title);
	memset(res, 0, sizeof(*res));
}

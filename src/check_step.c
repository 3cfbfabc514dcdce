/*
 * check_step.c - what every step of excise check shares (check_internal.h):
 * the steps' names, how a step says a line, a count and its result through
 * the caller's callbacks.  Below check.c and the steps (check_static.c,
 * check_script.c, check_build.c), which call it and are called by check.c
 * only.
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

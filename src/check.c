/*
 * check.c - excise check's pipeline (check.h): plan the removal as the tree
 * before says, run the wanted steps in order, keep each step's result.
 */
#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "check_internal.h"

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

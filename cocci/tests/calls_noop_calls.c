// spatch: calls.cocci -D noop=foo_stats_inc,foo_trace,foo_log,foo_init,foo_exit
static int foo_open(struct foo *f)
{
	int err;

	foo_stats_inc(f);
	foo_trace(f->id);
	(void)foo_log(f);
	if (f->verbose)
		foo_trace(f->id);
	foo_init();
	err = foo_init();
	if (err)
		return err;
	if (f->id)
		foo_stats_inc(f);
	else
		f->id = 1;
	register_hook(foo_exit);
	return 0;
}

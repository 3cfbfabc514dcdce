// spatch: is_enabled.cocci -D config=FOO -D false=foo_enabled(),foo_supported(),foo_deprecated -D true=foo_disabled()
static int setup(struct foo *f)
{
	if (foo_enabled())
		f->x = 1;
	if (foo_supported(f))
		foo_start(f);
	else
		foo_fallback(f);
	if (!foo_deprecated)
		f->y = 2;
	if (f->z && foo_enabled())
		f->z = 0;
	f->w = foo_disabled() ? 3 : 4;
	if (foo_supported(f->next++))
		f->v = 1;
	register_hook(foo_enabled);
	return 0;
}

static bool can_foo(struct foo *f)
{
	return foo_enabled() && f->ok;
}

static int probe(struct foo *f)
{
	if (!foo_supported(f))
		return -EOPNOTSUPP;
	f->on = 1;
	return 0;
}

static void drain(struct foo *f)
{
	int i;

	for (; foo_enabled(); )
		foo_step(f);
	for (i = 0; foo_supported(f) && i < 4; i++)
		foo_step(f);
	while (foo_enabled())
		foo_step(f);
	f->n = i;
}

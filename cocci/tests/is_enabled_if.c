// spatch: is_enabled.cocci -D config=FOO
void setup(int a)
{
	prepare(a);

	if (IS_ENABLED(CONFIG_FOO))
		foo_init(a);
	if (IS_BUILTIN(CONFIG_FOO)) {
		foo_init(a);
		foo_start(a);
	}
	if (IS_MODULE(CONFIG_FOO))
		foo_module(a);
	if (IS_REACHABLE(CONFIG_FOO))
		foo_call(a);
	/* another symbol stays */
	if (IS_ENABLED(CONFIG_BAR))
		bar_init(a);

	finish(a);
}

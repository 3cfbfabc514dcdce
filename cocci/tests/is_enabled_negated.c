// spatch: is_enabled.cocci -D config=FOO
int setup(int a)
{
	int x = 0;

	if (!IS_ENABLED(CONFIG_FOO))
		x = generic_init(a);
	if (!IS_ENABLED(CONFIG_FOO)) {
		x = generic_init(a);
		a++;
	}
	if (!IS_ENABLED(CONFIG_FOO))
		x = 1;
	else
		x = foo_init(a);
	while (!IS_ENABLED(CONFIG_FOO) && a--)
		x++;
	return x;
}

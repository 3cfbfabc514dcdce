// spatch: is_enabled.cocci -D config=FOO
int setup(int a)
{
	int x;

	if (IS_ENABLED(CONFIG_FOO))
		x = foo_init(a);
	else
		x = 0;
	if (IS_ENABLED(CONFIG_FOO)) {
		x = foo_init(a);
		a++;
	} else {
		x = a;
		a--;
	}
	return x + a;
}

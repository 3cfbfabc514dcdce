// spatch: is_enabled.cocci -D config=FOO
int setup(int a)
{
	int x = 0;

	if (IS_ENABLED(CONFIG_FOO)) {
		x = foo_init(a);
	} else {
		int y = a * 2;

		x = y;
	}

	if (IS_ENABLED(CONFIG_FOO)) {
		x = foo_init(a);
	} else {
		/* a comment keeps the braces: spatch would not reindent it */
		x = a;
	}

	if (!IS_ENABLED(CONFIG_FOO)) {
		x++;
		a--;
	}
	return x;
}

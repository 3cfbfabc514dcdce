// spatch: is_enabled.cocci -D config=FOO
int setup(struct dev *dev, int a, int b)
{
	int x = 0;

	if (a) {
		if (IS_ENABLED(CONFIG_FOO))
			x = 1;
		else
			x = 2;
	}
	if (a && (b || IS_ENABLED(CONFIG_FOO)))
		x = 3;
	if (a && !(b && IS_ENABLED(CONFIG_FOO)))
		x = 4;
	if ((a || IS_ENABLED(CONFIG_FOO)) && (dev->flags || IS_ENABLED(CONFIG_FOO)))
		x = 5;
	if (!(IS_ENABLED(CONFIG_FOO) || IS_ENABLED(CONFIG_FOO2)))
		x = 6;
	if (a) {
		if (IS_ENABLED(CONFIG_FOO) && b)
			x = 7;
	}
	return x;
}

int nested_empty(int a)
{
	if (a > 1)
		if (IS_ENABLED(CONFIG_FOO))
			a--;
	if (get(a)) {
		if (IS_ENABLED(CONFIG_FOO))
			a--;
	}
	return a;
}

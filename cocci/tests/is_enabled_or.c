// spatch: is_enabled.cocci -D config=FOO
int setup(struct dev *dev, int a)
{
	int x = 0;

	if (a || IS_ENABLED(CONFIG_FOO))
		x = 1;
	if (IS_ENABLED(CONFIG_FOO) || dev->flags)
		x = 2;
	if (a > 2 || IS_ENABLED(CONFIG_FOO) || dev_is_phys(dev))
		x = 3;
	if (a || !IS_ENABLED(CONFIG_FOO))
		x = 4;
	if (!IS_ENABLED(CONFIG_FOO) || a)
		x = 5;
	return x;
}

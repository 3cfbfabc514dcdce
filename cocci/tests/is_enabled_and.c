// spatch: is_enabled.cocci -D config=FOO
int setup(struct dev *dev, int a)
{
	int x = 0;

	if (a && IS_ENABLED(CONFIG_FOO))
		x = 1;
	if (IS_ENABLED(CONFIG_FOO) && dev->flags)
		x = 2;
	if (dev_is_phys(dev) && IS_ENABLED(CONFIG_FOO) && a > 2)
		x = 3;
	if (a && !IS_ENABLED(CONFIG_FOO))
		x = 4;
	if (!IS_ENABLED(CONFIG_FOO) && dev->flags && a)
		x = 5;
	return x;
}

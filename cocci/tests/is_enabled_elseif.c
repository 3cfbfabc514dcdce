// spatch: is_enabled.cocci -D config=FOO
int setup(int a)
{
	int x;

	if (a == 1)
		x = 1;
	else if (IS_ENABLED(CONFIG_FOO))
		x = 2;
	else
		x = 3;

	if (IS_ENABLED(CONFIG_FOO))
		x = 4;
	else if (a == 2)
		x = 5;
	else
		x = 6;

	if (a == 3)
		x = 7;
	else if (IS_ENABLED(CONFIG_FOO))
		x = 8;

	if (a == 4)
		x = 9;
	else if (!IS_ENABLED(CONFIG_FOO))
		x = 10;
	else
		x = 11;
	return x;
}

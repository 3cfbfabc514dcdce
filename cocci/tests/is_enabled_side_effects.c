// spatch: is_enabled.cocci -D config=FOO
int setup(int a)
{
	int x = 0;

	if ((x = probe(a)) && IS_ENABLED(CONFIG_FOO))
		x++;
	if (a++ || !IS_ENABLED(CONFIG_FOO))
		x--;
	if (probe(a) && IS_ENABLED(CONFIG_FOO))
		x = 3;
	return x;
}

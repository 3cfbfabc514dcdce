// spatch: is_enabled.cocci -D config=FOO
/* Code without a test of the removed symbols is left exactly as it is. */
int f(int status, int a)
{
	if (status & 4) {
		/* TODO */
	}
	if (a) {
	}
	if (a)
		;
	else {
		a++;
	}
	x = (a);
	if (IS_ENABLED(CONFIG_BAR) || a)
		a = !!a;
	return a ? 1 : 0;
}

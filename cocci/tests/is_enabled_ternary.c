// spatch: is_enabled.cocci -D config=FOO
int pick(int a, int b)
{
	int x = IS_ENABLED(CONFIG_FOO) ? a : b;
	int y = !IS_ENABLED(CONFIG_FOO) ? a + 1 : b - 1;
	const char *s = IS_MODULE(CONFIG_FOO) ? "module" : "builtin";

	return x + y + (IS_ENABLED(CONFIG_FOO) ? 2 : 3) + strlen(s);
}

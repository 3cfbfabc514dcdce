// spatch: is_enabled.cocci -D config=FOO,CONFIG_FOO2
static bool foo_wanted(struct dev *dev)
{
	return IS_ENABLED(CONFIG_FOO) && dev->flags;
}

static inline bool foo2_off(void)
{
	return !IS_ENABLED(CONFIG_FOO2);
}

static int foo_count(int n)
{
	return n + IS_ENABLED(CONFIG_FOO);
}

static bool want = IS_REACHABLE(CONFIG_FOO);

static int foo_weight(int a, struct dev *dev)
{
	int w = (a || IS_ENABLED(CONFIG_FOO)) + 1;

	return w + (dev->count && !IS_ENABLED(CONFIG_FOO2));
}

static bool foo_any(int a)
{
	return a || IS_ENABLED(CONFIG_FOO);
}

static int log_level(int level)
{
	return (IS_ENABLED(CONFIG_DEBUG) ||
		IS_ENABLED(CONFIG_FOO)) ?
		LEVEL_MAX : level;
}

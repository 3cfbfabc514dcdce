// spatch: is_enabled.cocci -D config=FOO
#define warn_foo() do { if (IS_ENABLED(CONFIG_FOO)) pr_warn("foo\n"); } while (0)
#define foo_on(x) (IS_ENABLED(CONFIG_FOO) && (x)->on)
#define FOO_FLAGS (IS_ENABLED(CONFIG_FOO) ? FOO_FAST : 0)
#define foo_sync(x)					\
	do {						\
		if (IS_ENABLED(CONFIG_FOO))		\
			foo_flush(x);			\
		else					\
			foo_wait(x);			\
	} while (0)
#define foo_name(x) foo_##x
#define foo_partial(x) if (IS_ENABLED(CONFIG_FOO)) x
#define foo_kick(x)				\
	do {					\
		if (IS_ENABLED(CONFIG_FOO))	\
			foo_flush(x);		\
		foo_wait(x);			\
	} while (0)

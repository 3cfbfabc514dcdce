// spatch: unused.cocci -D names=foo_show,foo_dump,foo_table,foo_trace,foo_hook,foo_test
/* Nothing here goes: each static is used still, or was unused before. */
static int foo_old(void)
{
	return 0;
}

static int __maybe_unused foo_show(void)
{
	return 1;
}

static int foo_dump(void)
{
	return 2;
}

#define FOO_DUMP(x) foo_dump() ## x

static int foo_table[4];

#if 0
static int foo_peek(void)
{
	return foo_table[0];
}
#endif

static void foo_trace(void)
{
}

static const struct foo_ops { void (*hook)(void); } ops = { .hook = foo_trace };

static int foo_test(void)
{
	/* foo_dump() is not called here, only named in a comment */
	return 3;
}

int foo_api(void)
{
	return ops.hook != 0 && foo_test();
}

// spatch: calls.cocci -D noop=foo_exit,foo_count
#include <linux/foo.h>

void foo_exit(void)
{
}
EXPORT_SYMBOL(foo_exit);

int foo_count(struct foo *f)
{
	return 0;
}
EXPORT_SYMBOL_GPL(foo_count);

static void bar_exit(void)
{
	foo_exit();
	bar_release();
}

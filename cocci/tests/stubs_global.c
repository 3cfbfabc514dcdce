// spatch: stubs.cocci
#include <linux/foo.h>

void foo_exit(void)
{
}
EXPORT_SYMBOL(foo_exit);

int foo_count(struct foo *f)
{
	return 0;
}

static void foo_reset(struct foo *f)
{
}

int foo_size(struct foo *f)
{
	return f->size;
}

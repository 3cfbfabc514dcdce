// spatch: calls.cocci -D noop=foo_get_pdata,foo_set_pdata
/* The real definitions: their exports stay (the removal deletes the file). */
static struct foo_pdata *foo_pdata;

struct foo_pdata *foo_get_pdata(void)
{
	return foo_pdata;
}
EXPORT_SYMBOL(foo_get_pdata);

int foo_set_pdata(struct foo_pdata *p)
{
	foo_pdata = p;
	return 0;
}
EXPORT_SYMBOL_GPL(foo_set_pdata);

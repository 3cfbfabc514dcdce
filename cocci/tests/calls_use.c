// spatch: calls.cocci -D functions=presto_init,presto_flush
static const struct fs_ops my_ops = {
	.init = presto_init,
	.flush = presto_flush,
};

int setup(int a)
{
	int err;

	err = presto_init();
	if (err)
		return err;
	if (presto_flush(a) < 0)
		return -1;
	if (a)
		presto_flush(a);
	else
		a++;
	register_hook(presto_flush);
	presto_flush(0);
	return presto_init() + 1;
}

int presto_flush(int level)
{
	return level;
}
EXPORT_SYMBOL(presto_flush);

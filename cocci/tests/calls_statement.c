// spatch: calls.cocci -D functions=presto_init,presto_exit,presto_flush
static int other_init(void)
{
	int err;

	presto_init();
	err = register_thing();
	(void)presto_flush(1);
	if (err)
		return err;
	if (verbose)
		presto_flush(2);
	if (verbose > 1) {
		presto_flush(3);
	}
	presto_exit();
	return 0;
}

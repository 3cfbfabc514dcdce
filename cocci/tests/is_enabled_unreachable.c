// spatch: is_enabled.cocci -D config=FOO
int enum_codes(struct code *code)
{
	if (!IS_ENABLED(CONFIG_FOO))
		return -ENOIOCTLCMD;

	if (code->index >= 4)
		return -EINVAL;
	code->code = 7;
	return 0;
}

int setup(struct dev *dev)
{
	if (!IS_ENABLED(CONFIG_FOO)) {
		dev_info(dev, "no foo\n");
		goto out;
	}
	dev->foo = 1;
out:
	return 0;
}

int last(struct dev *dev)
{
	dev->foo = 0;
	if (!IS_ENABLED(CONFIG_FOO))
		return 0;
}

// spatch: is_enabled.cocci -D config=FOO_STATS | unused.cocci -D names=@
// compile, unused before
struct foo {
	int id;
};

int foo_hw_init(struct foo *f);
void foo_hw_exit(struct foo *f);
int foo_stats_init(struct foo *f);
void foo_use(int v);

int foo_probe(struct foo *f);

int foo_probe(struct foo *f)
{
	int err;
	int stats_err;
	int ret;

	ret = 0;
	err = foo_hw_init(f);
	if (err)
		goto out;
	if (IS_ENABLED(CONFIG_FOO_STATS)) {
		stats_err = foo_stats_init(f);
		if (stats_err)
			goto out_stats;
		foo_use(ret);
	}
	return 0;
out_stats:
	foo_hw_exit(f);
out:
	return err;
}

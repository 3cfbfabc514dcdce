// spatch: is_enabled.cocci -D config=FOO_STATS | unused.cocci -D names=@
// compile, unused before
struct foo {
	int id;
	int hits;
};

static int foo_hits;

static void foo_count(struct foo *f)
{
	f->hits++;
	foo_hits++;
}

static int foo_format(char *buf, int n)
{
	return sprintf(buf, "%d\n", n);
}

static int foo_show(struct foo *f, char *buf)
{
	return foo_format(buf, f->hits);
}

int foo_open(struct foo *f, char *buf);

int foo_open(struct foo *f, char *buf)
{
	int n = 0;

	if (IS_ENABLED(CONFIG_FOO_STATS)) {
		foo_count(f);
		n = foo_show(f, buf);
		pr_info("%d\n", n);
	}
	return f->id;
}

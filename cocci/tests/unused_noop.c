// spatch: calls.cocci -D noop=foo_stats_inc | unused.cocci -D names=@ | unused.cocci -D names=@
// compile
struct foo {
	int id;
};

static inline void foo_stats_inc(struct foo *f) { }

static void foo_account(struct foo *f)
{
	foo_stats_inc(f);
}

static void foo_done(struct foo *f)
{
	foo_account(f);
}

static void foo_release(struct foo *f)
{
}

void (*foo_release_hook)(struct foo *f) = foo_release;

int foo_close(struct foo *f);

int foo_close(struct foo *f)
{
	foo_done(f);
	return f->id;
}

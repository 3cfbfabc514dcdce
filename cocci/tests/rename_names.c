// spatch: rename.cocci -D rename=old_fn=new_fn,old_dev=new_dev,old_state=new_state,OLD_IDLE=NEW_IDLE,OLD_BUSY=NEW_BUSY,OLD_MAX=NEW_MAX,old_count=new_count,old_reg=new_reg
#define OLD_MAX 8
#define old_call(x) old_fn(x)

enum old_state { OLD_IDLE, OLD_BUSY = 3 };
struct old_dev { int id; };
union old_reg { int raw; };

int old_fn(struct old_dev *d);
extern int old_count;
int old_count = 0;

static int helper(struct old_dev *d, union old_reg *r)
{
	enum old_state s = OLD_IDLE;
	int x = OLD_MAX + r->raw;

	if (s == OLD_BUSY)
		return old_call(d) + old_count;
	return old_fn(d) + sizeof(struct old_dev) + x;
}

int old_fn(struct old_dev *d)
{
	/* old_fn is named in a comment: left alone */
	pr_info("old_fn\n");
	return d->id;
}
EXPORT_SYMBOL(old_fn);

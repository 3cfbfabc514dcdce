// spatch: @rename_types.sh typedef:old_t=new_t declarer:DEFINE_OLD=DEFINE_NEW iterator:old_for_each=new_for_each
typedef unsigned int old_t;

struct dev {
	old_t flags;
};

DEFINE_OLD(dev_lock);

static int helper(struct dev *d, old_t v)
{
	old_t x = v;

	old_for_each(d) {
		x++;
	}
	return (int)(x + (old_t)1);
}

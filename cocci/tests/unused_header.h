// spatch: unused.cocci -D names=foo_pasid_drop,foo_switch_mm,foo_free,foo_table
/* A header's statics are its includers': none of them goes. */
#ifndef _LINUX_FOO_MM_H
#define _LINUX_FOO_MM_H

static int foo_table[4];

static inline void foo_switch_mm(struct mm_struct *prev, struct mm_struct *next)
{
}

static inline void foo_pasid_drop(struct mm_struct *mm)
{
	if (mm->pasid)
		mm->pasid = 0;
}

#endif

// spatch: is_enabled.cocci -D config=FOO -D false=foo_enabled(),foo_supported(),foo_deprecated
#ifndef _LINUX_FOO_H
#define _LINUX_FOO_H

#ifdef CONFIG_FOO
bool foo_enabled(void);
#define foo_deprecated (foo_flags & 1)
#define foo_supported(f) ((f)->caps & FOO_CAP)
#else
static inline bool foo_enabled(void) { return false; }
#define foo_deprecated 0
#define foo_supported(f) 0
#endif

static inline bool foo_usable(struct foo *f)
{
	return foo_enabled() && f->ok;
}

#endif

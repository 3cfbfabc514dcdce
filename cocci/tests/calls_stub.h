// spatch: calls.cocci -D functions=presto_init,presto_exit,presto_kml_len
#ifndef _LINUX_PRESTO_H
#define _LINUX_PRESTO_H

#ifdef CONFIG_INTERMEZZO_FS
extern int presto_init(void);
extern void presto_exit(void);
#else
static inline int presto_init(void)
{
	return 0;
}
static inline void presto_exit(void) { }
#endif

static inline int presto_kml_len(int n)
{
	return n * 2;
}

static inline int other_len(int n)
{
	return n;
}

#endif

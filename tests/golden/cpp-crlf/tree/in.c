#ifdef CONFIG_X
int x;
#else
int y;
#endif
#if defined(CONFIG_A) || defined(CONFIG_X) /* c */
int a;
#endif
int z;
#ifndef CONFIG_X
int last;
#endif
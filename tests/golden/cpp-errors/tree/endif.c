#ifdef CONFIG_X
int x;
#endif
#endif

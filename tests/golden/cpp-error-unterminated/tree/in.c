#ifdef CONFIG_A
#ifdef CONFIG_X
int x;
#endif

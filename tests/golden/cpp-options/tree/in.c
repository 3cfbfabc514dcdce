int a;
#ifdef CONFIG_X
int x;
#endif
int b;

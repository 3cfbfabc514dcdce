#ifdef CONFIG_X
int a;
#else
int b;
#endif /* CONFIG_X */x
#if IS_ENABLED(CONFIG_Y) || defined(CONFIG_A)
int c;
#elif CONFIG_B
int d;
#endif

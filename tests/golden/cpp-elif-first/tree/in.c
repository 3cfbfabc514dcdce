#if defined(CONFIG_X)
int x;
#elif defined(CONFIG_A)
int a;
#else
int neither;
#endif
#ifdef CONFIG_X
int x2;
#elif defined(CONFIG_A) || defined(CONFIG_X)
int a2;
#endif
#if IS_ENABLED(CONFIG_X)
int x3;
#elif defined(CONFIG_X_MODULE)
int xm3;
#elif CONFIG_B > 2
int b3;
#endif
#if defined(CONFIG_X)
int x4;
#elifdef CONFIG_A
int a4;
#elifndef CONFIG_B
int b4;
#endif

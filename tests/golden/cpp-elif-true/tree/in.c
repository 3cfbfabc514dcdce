#if defined(CONFIG_A)
int a;
#elif !defined(CONFIG_X) /* the usual case */
int not_x;
#else
int x;
#endif
#if defined(CONFIG_A)
int a2;
#elif defined(CONFIG_B)
int b2;
#elif !IS_ENABLED(CONFIG_X)
int not_x2;
#elif defined(CONFIG_C)
int c2;
#else
int rest2;
#endif
#if !defined(CONFIG_X)
int first_true;
#elif defined(CONFIG_A)
int a3;
#else
int rest3;
#endif
#if defined(CONFIG_X)
int x4;
#elif defined(CONFIG_A)
int a4;
#elif !defined(CONFIG_X)
int not_x4;
#elif defined(CONFIG_B)
int b4;
#endif

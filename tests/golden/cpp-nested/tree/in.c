#ifdef CONFIG_A
int a;
#ifdef CONFIG_X
int a_x;
#ifdef CONFIG_B
int a_x_b;
#else
int a_x_not_b;
#endif
#elif defined(CONFIG_C)
int a_c;
#ifndef CONFIG_X
int a_c_not_x;
#endif
#endif
#endif
#ifndef CONFIG_X
int not_x;
#ifdef CONFIG_X
int impossible;
#endif
#if defined(CONFIG_B) || defined(CONFIG_X)
int b;
#endif /* CONFIG_B || CONFIG_X */
#endif
#ifdef CONFIG_X
#if 0
#error inside a dropped branch: goes with it
#endif
#else
#if 0
int if0_stays;
#endif
#endif

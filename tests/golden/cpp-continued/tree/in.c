#if defined(CONFIG_A) || \
	defined(CONFIG_X)
int a;
#endif
#if defined(CONFIG_X) || \
    defined(CONFIG_A) || \
    defined(CONFIG_B)
int a_or_b;
#endif
#if defined(CONFIG_A) && \
    !defined(CONFIG_X) && \
    defined(CONFIG_B)
int a_and_b;
#endif
#ifdef \
CONFIG_X
int split_ifdef;
#endif
#if !defined(CONFIG_X) \
    && !defined(CONFIG_X_MODULE)
int kept;
#else
int dropped;
#endif
#define MACRO(a) \
	do { \
	} while (0)
#define NOT_A_DIRECTIVE \
#ifdef CONFIG_X

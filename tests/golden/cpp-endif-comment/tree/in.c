#if defined(CONFIG_A) || defined(CONFIG_X)
int a;
#else /* !(CONFIG_A || CONFIG_X) */
int neither;
#endif /* CONFIG_A || CONFIG_X */
#if defined(CONFIG_A) || defined(CONFIG_X)
int a2;
#endif /* A || X */
#if defined(CONFIG_A) || defined(CONFIG_X)
int a3;
#else /* !CONFIG_X */
int b3;
#endif /* X support and more */
#if defined(CONFIG_A) || defined(CONFIG_X) /* A or X */
int a4;
#endif // CONFIG_X
#if defined(CONFIG_A)
int a5;
#elif defined(CONFIG_X)
int x5;
#endif /* CONFIG_A / CONFIG_X */
#if defined(CONFIG_A)
int untouched_block;
#endif /* unchanged blocks keep their comments, even about CONFIG_X */
#if defined(CONFIG_A) && !defined(CONFIG_X)
int a6;
#endif /* CONFIG_A && !CONFIG_X */
#if defined(CONFIG_A) || defined(CONFIG_X)
int a7;
#endif /* CONFIG_B */

#if defined(CONFIG_A) && !defined(CONFIG_X)
int a;
#endif
#if defined(CONFIG_A) && defined(CONFIG_X)
int never;
#else
int else_kept;
#endif
#if !defined(CONFIG_X) && (defined(CONFIG_A) || defined(CONFIG_B))
int a_or_b;
#endif
#if defined(CONFIG_A) && (defined(CONFIG_B) || !IS_ENABLED(CONFIG_X))
int only_a;
#endif
#if defined(CONFIG_A) && (defined(CONFIG_B) || IS_ENABLED(CONFIG_X))
int a_and_b;
#endif
#if defined(CONFIG_A) && !defined(CONFIG_X) && defined(CONFIG_B)
int a_and_b_2;
#endif
#if defined(MODULE) && !defined(CONFIG_X) /* keep me */
int trailing_comment;
#endif

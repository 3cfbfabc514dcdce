#if defined(CONFIG_A) || defined(CONFIG_X)
int a;
#endif
#if defined(CONFIG_X) || defined(CONFIG_A) || defined(CONFIG_B)
int a_or_b;
#endif
#if defined(CONFIG_A) || defined(CONFIG_X) || defined(CONFIG_B)
int a_or_b_2;
#endif
#if (defined(CONFIG_A) || defined(CONFIG_X)) && defined(CONFIG_B)
int parens_dropped;
#endif
#if (defined(CONFIG_A) || defined(CONFIG_B) || defined(CONFIG_X)) && defined(CONFIG_C)
int parens_kept;
#endif
#if !(defined(CONFIG_A) || defined(CONFIG_X))
int not_a;
#endif
#if defined(CONFIG_X) || IS_ENABLED(CONFIG_A)
int is_enabled_a;
#endif
#if defined(CONFIG_A)||defined(CONFIG_X)
int no_blanks;
#endif
#if defined(CONFIG_A) || !defined(CONFIG_X)
int always;
#endif

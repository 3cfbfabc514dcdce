#if 0
int if0_untouched;
#endif
#if 1
int if1_untouched;
#endif
#if 0 && defined(CONFIG_X)
int gone;
#endif
#if 1 || defined(CONFIG_X)
int kept;
#endif
#if (defined(CONFIG_X) ? 1 : 0)
int ternary;
#endif
#if defined(CONFIG_A) ? defined(CONFIG_X) : defined(CONFIG_B)
int ternary_partial;
#endif
#if defined(CONFIG_X) ? defined(CONFIG_A) : (defined(CONFIG_B) || defined(CONFIG_C))
int ternary_else;
#endif
#if 0x10 > CONFIG_X * 3
int hex;
#endif

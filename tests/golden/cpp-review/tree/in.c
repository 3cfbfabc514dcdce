#if __is_defined(CONFIG_X)
int unknown_macro;
#endif
#if defined(CONFIG_A) && FOO(CONFIG_X)
int unknown_macro_2;
#endif
#if defined(CONFIG_X) || FOO(CONFIG_X)
int rest_simplified;
#endif
#if defined(CONFIG_X) && FOO(CONFIG_X)
int decided_anyway;
#endif
#if defined(CONFIG_X) +
int syntax_error;
#endif

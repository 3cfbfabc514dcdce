#if defined(CONFIG_X)
int paren;
#endif
#if !defined(CONFIG_X)
int not_paren;
#endif
#if defined CONFIG_X
int no_paren;
#endif
#if !defined CONFIG_X
int not_no_paren;
#endif
#if defined( CONFIG_X )
int spaced;
#else
int spaced_else;
#endif
#if defined(CONFIG_A)
int untouched;
#endif

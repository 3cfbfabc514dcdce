#ifndef GUARD
#define GUARD
#if 0
int if0;
#endif
#ifdef CONFIG_XX
int other;
#elif defined(CONFIG_A) && !defined(X)
int bare_x_in_code_is_not_config;
#endif
#endif

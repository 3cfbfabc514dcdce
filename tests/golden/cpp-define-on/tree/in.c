#ifdef CONFIG_X
int x_on;
#else
int x_off;
#endif
#ifndef CONFIG_X
int not_x;
#endif
#ifdef CONFIG_X_MODULE
int module;
#endif
#if IS_ENABLED(CONFIG_X) && IS_BUILTIN(CONFIG_X) && IS_REACHABLE(CONFIG_X)
int enabled;
#endif
#if IS_MODULE(CONFIG_X)
int is_module;
#endif
#if defined(CONFIG_A) && defined(CONFIG_X)
int a;
#endif /* CONFIG_A && CONFIG_X */
#if defined(CONFIG_A) || defined(CONFIG_X)
int always;
#endif
#if CONFIG_X == 1
int one;
#endif

#if defined(CONFIG_X) || defined(CONFIG_X_MODULE)
int x_or_module;
#endif
#if defined(CONFIG_X_MODULE)
int module_only;
#else
int not_module;
#endif
#if CONFIG_X_MODULE
int bare_module;
#endif
#if defined(CONFIG_A_MODULE) || defined(CONFIG_X_MODULE)
int a_module;
#endif
#if defined(CONFIG_XMODULE)
int not_our_symbol;
#endif

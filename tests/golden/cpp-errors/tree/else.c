#ifdef CONFIG_A
#else
#else
#endif

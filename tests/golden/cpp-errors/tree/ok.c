#ifdef CONFIG_X
#endif

#ifdef CONFIG_X
#endif
/* never closed

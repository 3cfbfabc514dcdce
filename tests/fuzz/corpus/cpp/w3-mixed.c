/* #if CONFIG_X */
#if 0
#ifdef CONFIG_X
#endif
#else
const char *s = "#ifdef CONFIG_X";
#endif // CONFIG_X
#if (CONFIG_X + 1) > 0x10
#endif

#ifndef CONFIG_X
int a;
#endif
#if defined(CONFIG_X) && \
    defined(CONFIG_Z)
int z;
#endif /* spans
 lines */

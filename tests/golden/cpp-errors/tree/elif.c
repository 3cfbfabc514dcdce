int a;
#elif defined(CONFIG_X)
#endif

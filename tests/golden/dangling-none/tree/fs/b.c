#if IS_ENABLED(CONFIG_FS_B) || defined(CONFIG_FS_B_MODULE)
#endif

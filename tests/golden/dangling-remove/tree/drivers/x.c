int x(void)
{
#ifdef CONFIG_OLD_FS
	return 1;
#else
	return 0;
#endif
}

#if IS_ENABLED(CONFIG_X)
int enabled;
#endif
#if IS_BUILTIN(CONFIG_X)
int builtin;
#endif
#if IS_MODULE(CONFIG_X)
int module;
#endif
#if IS_REACHABLE(CONFIG_X)
int reachable;
#else
int unreachable;
#endif
#if !IS_ENABLED(CONFIG_X)
int not_enabled;
#endif
#if IS_ENABLED(CONFIG_A) && !IS_ENABLED(CONFIG_X)
int a_without_x;
#endif
#if IS_ENABLED(CONFIG_A)
int untouched;
#endif
void f(void)
{
	if (IS_ENABLED(CONFIG_X))	/* C code: not a directive, stays */
		g();
}

#if CONFIG_X
int bare;
#endif
#if !CONFIG_X
int not_bare;
#endif
#if CONFIG_X == 0
int equals_zero;
#endif
#if CONFIG_X + 1 > 0
int arithmetic;
#endif
#if CONFIG_A > CONFIG_X
int compared_with_unknown;
#endif
#if CONFIG_A_SHIFT > 3
int untouched;
#endif

int a;
#ifndef CONFIG_X
int body_kept;
#endif /* !CONFIG_X */
#ifndef CONFIG_X
int not_x;
#else
int x;
#endif
#ifndef CONFIG_A
int a_stays;
#else
int a_else_stays;
#endif

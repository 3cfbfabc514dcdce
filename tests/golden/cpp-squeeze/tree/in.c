#ifdef CONFIG_X
int x_at_start;
#endif

int a;

#ifdef CONFIG_X
int x_between_blanks;
#endif

int b;
#ifdef CONFIG_X
int x_no_blank_before;
#endif

int c;

#ifndef CONFIG_X

int kept_body;

#endif

int d;

#ifdef CONFIG_X
int two_in_a_row;
#endif

#ifdef CONFIG_X
int second;
#endif

int e;

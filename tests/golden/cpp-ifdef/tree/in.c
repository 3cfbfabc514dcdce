#ifndef _GUARD_H
#define _GUARD_H
/* #ifdef X: plain block goes, directive and body */
int a;
#ifdef CONFIG_X
int x_only;
#endif
int b;
#ifdef CONFIG_X
int x_on;
#else
int x_off;
#endif /* CONFIG_X */
#ifdef CONFIG_A
int a_stays;
#endif
#ifdef CONFIG_XY
int other_symbol_stays;
#endif
#ifdef CONFIG_X_MODULE
int module_goes;
#endif
#endif /* _GUARD_H */

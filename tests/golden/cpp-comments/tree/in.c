#if /* why */ defined(CONFIG_X) /* a comment
                                   spanning lines */
int x;
#endif
#ifdef CONFIG_X // C++ comment
int x2;
#endif // CONFIG_X
#  if  defined(CONFIG_A) /* A */ || /* X */ defined(CONFIG_X)
int indented;
#  endif
	#ifndef CONFIG_X	/* tab before '#' */
int tabbed;
	#endif
/* #ifdef CONFIG_X in a comment is not a directive */
/*
#ifdef CONFIG_X
 */
const char *s = "#ifdef CONFIG_X";
const char *t = "a string \
#ifdef CONFIG_X continued is not a directive";
char q = '"'; /* a quote in a char constant does not open a string */
#ifndef CONFIG_X
int after_quote;
#endif
/* comment */ #ifdef CONFIG_X
int after_comment;
#endif

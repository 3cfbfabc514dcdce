// spatch: calls.cocci -D functions=presto_init,presto_exit,presto_flush,izo_setup
#include <linux/init.h>

int presto_init(void);
extern void presto_exit(void);
int presto_flush(int level);
void __init izo_setup(char *str);
int other_init(void);

int other_init(void)
{
	return 0;
}

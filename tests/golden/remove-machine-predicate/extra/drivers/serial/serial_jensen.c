#include "serial.h"

bool toy_jensen(void)
{
	return !strcmp(toy_mv.vector_name, "Jensen");
}

void toy_jensen_set_mctrl(struct uart_port *port, unsigned int mctrl)
{
	port->mctrl = mctrl | 3;
}

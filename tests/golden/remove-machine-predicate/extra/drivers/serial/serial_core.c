#include "serial.h"

int core;

void serial_init_port(struct uart_port *port)
{
	port->mctrl = 0;
	if (IS_ENABLED(CONFIG_TOY_JENSEN) ||
	    (IS_ENABLED(CONFIG_TOY_GENERIC) && toy_jensen()))
		port->set_mctrl = toy_jensen_set_mctrl;
}

// spatch: is_enabled.cocci -D config=ALPHA_JENSEN -D predicates=alpha_jensen
// A removed machine's own predicate folds like a test of its symbol: the if goes whole.
static void init_ports(struct uart_port *port, int generic)
{
	if (IS_ENABLED(CONFIG_ALPHA_JENSEN) ||
	    (IS_ENABLED(CONFIG_ALPHA_GENERIC) && alpha_jensen()))
		port->set_mctrl = alpha_jensen_set_mctrl;

	if (generic && alpha_jensen())
		port->flags = 1;
	else
		port->flags = 2;

	if (alpha_jensen() || generic)
		port->type = 3;

	if (alpha_miata())
		port->type = 4;
}

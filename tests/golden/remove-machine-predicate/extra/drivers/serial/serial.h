struct uart_port {
	unsigned int mctrl;
	void (*set_mctrl)(struct uart_port *port, unsigned int mctrl);
};

bool toy_jensen(void);
void toy_jensen_set_mctrl(struct uart_port *port, unsigned int mctrl);

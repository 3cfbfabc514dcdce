int bar_irq;

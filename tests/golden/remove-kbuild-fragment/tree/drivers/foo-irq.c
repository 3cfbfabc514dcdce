int foo_irq;

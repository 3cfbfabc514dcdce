int irq_i8259;

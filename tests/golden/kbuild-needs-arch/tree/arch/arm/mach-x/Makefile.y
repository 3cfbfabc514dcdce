obj-$(CONFIG_PM) += pm.o

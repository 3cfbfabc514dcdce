int sys_miata;

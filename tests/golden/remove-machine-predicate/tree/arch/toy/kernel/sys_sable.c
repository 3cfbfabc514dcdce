int sys_sable;

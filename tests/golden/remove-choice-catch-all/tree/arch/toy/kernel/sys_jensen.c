int sys_jensen;

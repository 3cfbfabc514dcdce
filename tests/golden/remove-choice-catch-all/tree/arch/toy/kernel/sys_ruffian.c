int sys_ruffian;

// spatch: include.cocci -D headers=include/linux/fsfilter.h,arch/x86/include/asm/fsfilter_arch.h,include/uapi/linux/fsfilter_abi.h
#include <linux/kernel.h>
#include <linux/fsfilter.h>
#include <linux/fsfilter_ops.h>
#include <asm/fsfilter_arch.h>
#  include <linux/fsfilter_abi.h>
#ifdef CONFIG_FOO
#include <linux/fsfilter.h>
#endif

int x;

// SPDX-License-Identifier: GPL-2.0
#ifdef CONFIG_FLATMEM
int flat;
#endif
#ifdef CONFIG_SMP
int smp;
#endif
#ifdef CONFIG_NUMA
int numa;
#endif

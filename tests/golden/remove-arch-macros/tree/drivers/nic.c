// SPDX-License-Identifier: GPL-2.0
/* Unaligned frames are slow on __ia64__ and alpha (a comment: stays). */
#if defined(__ia64__) || defined(__alpha__)
static int rx_copybreak = 1536;
#else
static int rx_copybreak;
#endif

int nic_init(void)
{
#ifdef __ia64__
	rx_copybreak = 0;
#endif
#ifndef __ia64
	rx_copybreak++;
#endif
#if defined(__x86_64__)
	rx_copybreak--;
#endif
	return rx_copybreak;
}

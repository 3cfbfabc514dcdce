/* SPDX-License-Identifier: GPL-2.0 */
/* qux_level is qux.c's own static, which includes this header. */
static inline int qux_verbose(void)
{
	return qux_level > 1;
}

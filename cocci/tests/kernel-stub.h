/*
 * kernel-stub.h - the little of the kernel the compiled cocci tests use
 * (tests/lib/cocci-test.sh: "// compile"), for gcc -fsyntax-only.
 */
#include <stdbool.h>
#include <stddef.h>

#define IS_ENABLED(option) 0
#define __maybe_unused __attribute__((unused))
#define EXPORT_SYMBOL(sym) extern int __export_##sym
#define EXPORT_SYMBOL_GPL(sym) extern int __export_gpl_##sym
#define ENODEV 19
#define EINVAL 22
#define ENOTTY 25

int printk(const char *fmt, ...);
#define pr_info(...) printk(__VA_ARGS__)
#define pr_warn(...) printk(__VA_ARGS__)
int sprintf(char *buf, const char *fmt, ...);

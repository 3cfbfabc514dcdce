/*
 * Kernel macros that spatch's standard.h does not know and that break its
 * parse of whole declarations: attributes with arguments.  The runner passes
 * this file with --macro-file; by hand: spatch --macro-file cocci/kernel.h.
 * (Attributes without arguments, __init and the like, spatch takes for
 * attributes by their __ prefix.)
 */
#define __alloc_size(...)
#define __realloc_size(...)
#define __assume_aligned(...)
#define __assume_kmalloc_alignment
#define __assume_slab_alignment
#define __assume_page_alignment
#define __scanf(a, b)
#define __section(s)
#define __counted_by(m)
#define __free(f)
#define __cleanup(f)
#define __diagnose_as(...)
#define __no_sanitize_or_inline
#define __nonstring
/*
 * Loop heads spatch does not know for iterators (scoped_guard(mutex, &m) { }
 * was a parse error of its whole function: 5 in sound/core/control_led.c),
 * and the ACPI tests written without parentheses of their own
 * (if ACPI_FAILURE(status) ...: 3 in drivers/platform/x86/thinkpad_acpi.c).
 */
#define scoped_guard(...) YACFE_ITERATOR
#define scoped_cond_guard(...) YACFE_ITERATOR
#define ACPI_FAILURE(x) (x)
#define ACPI_SUCCESS(x) (x)

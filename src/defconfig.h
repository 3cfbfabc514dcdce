/* defconfig.h - CONFIG_ lines of arch defconfigs and config fragments. */
#ifndef EXCISE_DEFCONFIG_H
#define EXCISE_DEFCONFIG_H

#include "plan.h"
#include "footprint.h"

/*
 * Plan the removal from one defconfig or config fragment of every
 * "CONFIG_X=..." and "# CONFIG_X is not set" line of the symbols.  With a
 * replacement X=NEW (fp->replace), an enabled X becomes "CONFIG_NEW=<value>"
 * and a "# CONFIG_NEW is not set" line of the same file goes (it would
 * contradict it), unless NEW is set in the file already.  Returns the
 * number of lines changed, or -1 if the file cannot be read.
 */
int defconfig_remove(struct plan *plan, const char *path, const struct strset *symbols,
		     const struct footprint *fp, struct strbuf *err);

/* The symbols a defconfig's text turns on ("CONFIG_X=y" or "=m"), in file order, onto out. */
void defconfig_enabled(const char *data, size_t len, struct strvec *out);

#endif

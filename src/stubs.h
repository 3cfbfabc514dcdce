/*
 * stubs.h - the stubs rule family (stubs.c): the API a removed option
 * leaves dead goes, with its calls and uses, and what becomes unused.
 */
#ifndef EXCISE_STUBS_H
#define EXCISE_STUBS_H

#include "rules.h"

/* The family's pass over whole files, after cpp and c.  0, or -1 with err. */
int stubs_plan_files(struct planning *p, struct strbuf *err);

#endif

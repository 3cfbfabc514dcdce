// spatch: include.cocci -D headers=include/linux/fsfilter.h,fs/intermezzo/intermezzo_fs.h,include_quotes_local.h
#include <linux/kernel.h>
#include "linux/fsfilter.h"
#include "include_quotes_local.h"
#include "../fs/intermezzo/intermezzo_fs.h"
#include "intermezzo_fs.h"
#include "fsfilter.h"

int x;

/* sha1.h - SHA-1, for git blob ids in diffs (git apply checks them). */
#ifndef EXCISE_SHA1_H
#define EXCISE_SHA1_H

#include <stddef.h>
#include <stdint.h>

struct sha1 {
	uint32_t h[5];
	uint64_t total;
	unsigned char block[64];
	size_t used;
};

void sha1_init(struct sha1 *c);
void sha1_update(struct sha1 *c, const void *data, size_t n);
void sha1_final(struct sha1 *c, unsigned char out[20]);
/* The git object id of a blob with these contents, as 40 hex digits. */
void git_blob_id(const char *data, size_t len, char hex[41]);

#endif

/* sha1.c - SHA-1 (FIPS 180-4), for git blob ids in diffs. */
#include "sha1.h"

#include <stdio.h>
#include <string.h>

static uint32_t rol(uint32_t x, int n)
{
	return (x << n) | (x >> (32 - n));
}

static void sha1_block(struct sha1 *c, const unsigned char *p)
{
	uint32_t w[80], a, b, d, e, f, k, t, cc;

	for (int i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (int i = 16; i < 80; i++)
		w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
	a = c->h[0], b = c->h[1], cc = c->h[2], d = c->h[3], e = c->h[4];
	for (int i = 0; i < 80; i++) {
		if (i < 20)
			f = (b & cc) | (~b & d), k = 0x5a827999;
		else if (i < 40)
			f = b ^ cc ^ d, k = 0x6ed9eba1;
		else if (i < 60)
			f = (b & cc) | (b & d) | (cc & d), k = 0x8f1bbcdc;
		else
			f = b ^ cc ^ d, k = 0xca62c1d6;
		t = rol(a, 5) + f + e + k + w[i];
		e = d, d = cc, cc = rol(b, 30), b = a, a = t;
	}
	c->h[0] += a, c->h[1] += b, c->h[2] += cc, c->h[3] += d, c->h[4] += e;
}

void sha1_init(struct sha1 *c)
{
	static const uint32_t iv[5] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0 };

	memcpy(c->h, iv, sizeof(iv));
	c->total = 0;
	c->used = 0;
}

void sha1_update(struct sha1 *c, const void *data, size_t n)
{
	const unsigned char *p = data;

	c->total += n;
	while (n) {
		size_t take = 64 - c->used;

		if (take > n)
			take = n;
		memcpy(c->block + c->used, p, take);
		c->used += take, p += take, n -= take;
		if (c->used == 64) {
			sha1_block(c, c->block);
			c->used = 0;
		}
	}
}

void sha1_final(struct sha1 *c, unsigned char out[20])
{
	uint64_t bits = c->total * 8;
	unsigned char pad = 0x80, len[8];

	sha1_update(c, &pad, 1);
	pad = 0;
	while (c->used != 56)
		sha1_update(c, &pad, 1);
	for (int i = 0; i < 8; i++)
		len[i] = (unsigned char)(bits >> (56 - 8 * i));
	sha1_update(c, len, 8);
	for (int i = 0; i < 5; i++) {
		out[4 * i] = (unsigned char)(c->h[i] >> 24);
		out[4 * i + 1] = (unsigned char)(c->h[i] >> 16);
		out[4 * i + 2] = (unsigned char)(c->h[i] >> 8);
		out[4 * i + 3] = (unsigned char)c->h[i];
	}
}

void git_blob_id(const char *data, size_t len, char hex[41])
{
	struct sha1 c;
	unsigned char md[20];
	char hdr[32];
	int n = snprintf(hdr, sizeof(hdr), "blob %zu", len);

	sha1_init(&c);
	sha1_update(&c, hdr, (size_t)n + 1);
	sha1_update(&c, data, len);
	sha1_final(&c, md);
	for (int i = 0; i < 20; i++)
		snprintf(hex + 2 * i, 3, "%02x", md[i]);
}

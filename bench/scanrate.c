/*
 * scanrate TREE MB STRINGS... - the matching engines' speed on real text,
 * for bench/engines.sh: the tree's .c and .h files (in tree order, up to
 * MB megabytes) are read into memory, then each file of strings (one a
 * line) is searched in every file with each engine, one thread, and the
 * CPU time of the searches alone (the better of two runs) gives GB/s.  Prints one line a strings
 * file: count, the engine SCAN_AUTO takes, the hits, then GB/s of Teddy,
 * of Hyperscan and of the automatic choice.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "scan.h"
#include "util.h"
#include "walk.h"

static double cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

struct text {
	char **buf;
	size_t *len, n, bytes;
};

/* Every file of the strings in every text; the CPU seconds, the hits in *hits. */
static double search(const struct pattern *pats, size_t np, enum scan_engine e, const struct text *t,
		     size_t *hits, enum scan_engine *took)
{
	struct scanner *s = scanner_new_engine(pats, np, e);
	struct scan_hit *h = NULL;
	size_t cap = 0;
	double best = 0;

	/* The better of two runs: the first also warms the caches. */
	for (int run = 0; run < 2; run++) {
		double t0 = cpu_seconds();

		*hits = 0;
		for (size_t i = 0; i < t->n; i++)
			*hits += scanner_find(s, t->buf[i], t->len[i], FILE_C, "x.c", &h, &cap);
		t0 = cpu_seconds() - t0;
		if (!run || t0 < best)
			best = t0;
	}
	*took = scanner_engine(s);
	scanner_free(s);
	free(h);
	return best;
}

int main(int argc, char **argv)
{
	static const enum scan_engine engines[] = { SCAN_TEDDY, SCAN_HYPERSCAN, SCAN_AUTO };
	struct strbuf err = STRBUF_INIT, sb = STRBUF_INIT;
	struct text t = { NULL, NULL, 0, 0 };
	struct tree tree;
	size_t limit;

	if (argc < 4) {
		fprintf(stderr, "usage: scanrate TREE MB STRINGS...\n");
		return 2;
	}
	if (tree_load(&tree, argv[1], &err) < 0) {
		fprintf(stderr, "scanrate: %s", err.buf);
		return 1;
	}
	limit = strtoul(argv[2], NULL, 10) << 20;
	t.buf = xcalloc(tree.files.n, sizeof(*t.buf));
	t.len = xcalloc(tree.files.n, sizeof(*t.len));
	for (size_t i = 0; i < tree.files.n && t.bytes < limit; i++) {
		if (!ends_with(tree.files.v[i], ".c") && !ends_with(tree.files.v[i], ".h"))
			continue;
		if (tree_read(&tree, tree.files.v[i], &sb) < 0)
			continue;
		/* scanner_padding() is at most 128 bytes (the unit test's buffers have as much). */
		t.buf[t.n] = xcalloc(sb.len + 256, 1);
		memcpy(t.buf[t.n], sb.buf, sb.len);
		t.len[t.n++] = sb.len;
		t.bytes += sb.len;
	}
	printf("# %zu files, %.0f MB, one thread, CPU time\n", t.n, (double)t.bytes / 1e6);
	printf("%8s %-10s %7s %8s %8s %8s\n", "strings", "auto", "hits", "teddy", "hs", "auto");
	for (int a = 3; a < argc; a++) {
		struct pattern *pats = NULL;
		size_t np = 0, cap = 0, hits[3] = { 0 };
		double gbs[3];
		enum scan_engine took = SCAN_AUTO, other;
		FILE *f = fopen(argv[a], "r");
		char line[512];

		if (!f) {
			perror(argv[a]);
			return 1;
		}
		while (fgets(line, sizeof(line), f)) {
			line[strcspn(line, "\n")] = '\0';
			if (!line[0])
				continue;
			GROW(pats, cap, np + 1);
			pats[np++] = (struct pattern){ xstrdup(line), strlen(line), FILE_ANY, NULL, 0, 0 };
		}
		fclose(f);
		/*
		 * The automatic choice first; Teddy alone collapses beyond 64
		 * strings (100: 35 s a GB), and is not measured there (64: 0.11
		 * GB/s, 5 s a run over 512 MB).
		 */
		for (int e = 2; e >= 0; e--) {
			gbs[e] = -1;
			hits[e] = hits[2];
			if (engines[e] != SCAN_TEDDY || np <= 64)
				gbs[e] = (double)t.bytes / 1e9 /
					 search(pats, np, engines[e], &t, &hits[e], e == 2 ? &took : &other);
		}
		if (hits[0] != hits[1] || hits[1] != hits[2]) {
			fprintf(stderr, "scanrate: %s: the engines disagree (%zu, %zu, %zu hits)\n", argv[a],
				hits[0], hits[1], hits[2]);
			return 1;
		}
		printf("%8zu %-10s %7zu", np, took == SCAN_HYPERSCAN ? "hyperscan" : "teddy", hits[2]);
		for (int e = 0; e < 3; e++)
			if (gbs[e] < 0)
				printf(" %8s", "-");
			else
				printf(" %8.2f", gbs[e]);
		printf("\n");
		for (size_t k = 0; k < np; k++)
			free((char *)pats[k].text);
		free(pats);
	}
	for (size_t i = 0; i < t.n; i++)
		free(t.buf[i]);
	free(t.buf);
	free(t.len);
	sb_release(&sb);
	sb_release(&err);
	tree_release(&tree);
	return 0;
}

/* docs.c - toctree entries, device tables and list items in Documentation. */
#include "docs.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static size_t indent_of(const char *buf, size_t off, size_t end)
{
	size_t n = 0;

	while (off + n < end && (buf[off + n] == ' ' || buf[off + n] == '\t'))
		n++;
	return n;
}

static int blank_line(const char *buf, size_t off, size_t end)
{
	return off + indent_of(buf, off, end) >= end || buf[off + indent_of(buf, off, end)] == '\n';
}

char *doc_toctree_target(const char *path, const char *buf, size_t len, size_t off)
{
	size_t s = line_start(buf, off), e = line_end(buf, len, s), ind = indent_of(buf, s, e);
	size_t p = s;
	const char *slash;
	char *entry, *dir, *target;
	size_t n;

	if (!ind || blank_line(buf, s, e) || buf[s + ind] == ':' || buf[s + ind] == '.')
		return NULL;
	/* Walk up over the directive's options and other entries to `.. toctree::`. */
	while (p > 0) {
		size_t q = line_start(buf, p - 1), qe = line_end(buf, len, q);
		size_t qi = indent_of(buf, q, qe);

		p = q;
		if (blank_line(buf, q, qe))
			continue;
		if (qi >= ind)
			continue;
		if (!strncmp(buf + q + qi, ".. toctree::", 12))
			break;
		return NULL;
	}
	if (p == 0 && strncmp(buf + indent_of(buf, 0, len), ".. toctree::", 12))
		return NULL;
	n = e - (s + ind);
	while (n && isspace((unsigned char)buf[s + ind + n - 1]))
		n--;
	entry = xstrndup(buf + s + ind, n);
	/* "Title <path>" form */
	if (n && entry[n - 1] == '>' && strchr(entry, '<')) {
		char *lt = strrchr(entry, '<');
		char *inner = xstrndup(lt + 1, strlen(lt + 1) - 1);

		free(entry);
		entry = inner;
	}
	if (ends_with(entry, ".rst") || ends_with(entry, ".txt"))
		entry[strlen(entry) - 4] = '\0';
	if (entry[0] == '/') {
		target = xasprintf("Documentation%s", entry);
	} else {
		slash = strrchr(path, '/');
		dir = slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup("");
		target = dir[0] ? xasprintf("%s/%s", dir, entry) : xstrdup(entry);
		free(dir);
	}
	free(entry);
	return target;
}

char *doc_directive_target(const char *path, const char *buf, size_t len, size_t off,
			   size_t *first_line, size_t *last_line)
{
	static const char *const dirs[] = { "kernel-doc::", "include::", "literalinclude::" };
	size_t s = line_start(buf, off), e = line_end(buf, len, s), p = s + indent_of(buf, s, e);
	size_t k, q, n, line;
	char *arg, *rel, *norm;

	if (p + 3 > e || strncmp(buf + p, ".. ", 3))
		return NULL;
	p += 3;
	for (k = 0; k < sizeof(dirs) / sizeof(dirs[0]); k++)
		if ((size_t)(e - p) >= strlen(dirs[k]) && !strncmp(buf + p, dirs[k], strlen(dirs[k])))
			break;
	if (k == sizeof(dirs) / sizeof(dirs[0]))
		return NULL;
	p += strlen(dirs[k]);
	p += indent_of(buf, p, e);
	n = e - p;
	while (n && isspace((unsigned char)buf[p + n - 1]))
		n--;
	if (!n)
		return NULL;
	arg = xstrndup(buf + p, n);
	if (k == 0 || arg[0] == '/') {
		rel = xstrdup(arg[0] == '/' ? arg + 1 : arg);
	} else {
		const char *slash = strrchr(path, '/');

		rel = slash ? xasprintf("%.*s/%s", (int)(slash - path), path, arg) : xstrdup(arg);
	}
	free(arg);
	norm = path_normalize(rel, NULL);
	free(rel);
	if (!norm)
		return NULL;
	/* Its options: the lines right after it, indented deeper, starting with ':'. */
	line = line_of_offset(buf, s);
	for (q = e; q < len;) {
		size_t qe = line_end(buf, len, q), qi = indent_of(buf, q, qe);

		if (qe == q || blank_line(buf, q, qe) || buf[q + qi] != ':' ||
		    qi <= indent_of(buf, s, e))
			break;
		line++;
		q = qe;
	}
	/*
	 * Blank lines: one after it goes too when one comes before it (or it
	 * starts the file); at the end of the file, the one before it goes.
	 */
	*first_line = line_of_offset(buf, s);
	{
		int blank_before = s == 0;

		if (s > 0) {
			size_t ps = line_start(buf, s - 1);

			blank_before = blank_line(buf, ps, s);
		}
		if (q < len && blank_line(buf, q, line_end(buf, len, q)) && blank_before)
			line++;
		else if (q >= len && blank_before && s > 0)
			(*first_line)--;
	}
	*last_line = line;
	return norm;
}

int doc_is_bare_list_item(const char *buf, size_t len, size_t off, size_t ms, size_t me)
{
	size_t s = line_start(buf, off), e = line_end(buf, len, s);
	size_t p = s + indent_of(buf, s, e);

	if (p >= e || (buf[p] != '-' && buf[p] != '*') || p + 1 >= e || buf[p + 1] != ' ')
		return 0;
	p += 2;
	while (p < e && buf[p] == ' ')
		p++;
	if (p != ms)
		return 0;
	p = me;
	while (p < e && strchr(" \t.,;/\r\n", buf[p]))
		p++;
	return p == e;
}

/* A border line of a reST simple table: '=' runs separated by spaces. */
static int is_table_border(const char *buf, size_t s, size_t e)
{
	size_t eq = 0;

	while (e > s && (buf[e - 1] == '\n' || buf[e - 1] == '\r'))
		e--;
	for (size_t i = s; i < e; i++) {
		if (buf[i] == '=')
			eq++;
		else if (buf[i] != ' ')
			return 0;
	}
	return eq >= 2 && buf[s] == '=';
}

/* A row of a simple table: text at the margin (a continuation line is indented). */
static int is_table_row(const char *buf, size_t s, size_t e)
{
	return s < e && buf[s] != ' ' && buf[s] != '\t' && buf[s] != '\n' && !is_table_border(buf, s, e);
}

/* Walk from the line at s over rows, up (dir < 0) or down; true if a border ends the walk. */
static int rows_to_border(const char *buf, size_t len, size_t s, int dir)
{
	for (;;) {
		size_t e;

		if (dir < 0) {
			if (s == 0)
				return 0;
			s = line_start(buf, s - 1);
		} else {
			s = line_end(buf, len, s);
			if (s >= len)
				return 0;
		}
		e = line_end(buf, len, s);
		if (is_table_border(buf, s, e))
			return 1;
		if (!is_table_row(buf, s, e))
			return 0;
	}
}

int doc_is_table_row_cell(const char *buf, size_t len, size_t ms, size_t me)
{
	size_t s = line_start(buf, ms), e = line_end(buf, len, s);
	size_t a = ms, b = me, k;

	if (!is_table_row(buf, s, e))
		return 0;
	if (a >= s + 2 && b + 2 <= e && !strncmp(buf + a - 2, "``", 2) && !strncmp(buf + b, "``", 2))
		a -= 2, b += 2;
	/* the cell: two spaces (or the margin) before, two spaces (or the end) after */
	if (a != s && (a < s + 2 || buf[a - 1] != ' ' || buf[a - 2] != ' '))
		return 0;
	for (k = b; k < e && buf[k] == ' '; k++)
		;
	if (k < e && buf[k] != '\n' && buf[k] != '\r' && k - b < 2)
		return 0;
	return rows_to_border(buf, len, s, -1) && rows_to_border(buf, len, s, 1);
}

/* "NNN char" or "NNN block" at the start of a line of devices.txt: the number, or -1. */
static long major_line(const char *buf, size_t s, size_t e, char *type)
{
	size_t p = s + indent_of(buf, s, e);
	long v = 0;
	size_t d = p;

	while (d < e && isdigit((unsigned char)buf[d]))
		v = v * 10 + (buf[d++] - '0');
	if (d == p || d >= e || (buf[d] != ' ' && buf[d] != '\t'))
		return -1;
	while (d < e && (buf[d] == ' ' || buf[d] == '\t'))
		d++;
	if (!strncmp(buf + d, "char", 4) && !isalnum((unsigned char)buf[d + 4]))
		*type = 'c';
	else if (!strncmp(buf + d, "block", 5) && !isalnum((unsigned char)buf[d + 5]))
		*type = 'b';
	else
		return -1;
	/* Major lines are indented by at most a few spaces; minors by tabs. */
	return p - s <= 3 && buf[s] != '\t' ? v : -1;
}

static void push_block(struct doc_block **out, size_t *n, size_t *cap, const char *buf,
		       size_t start, size_t end, char *what)
{
	GROW(*out, *cap, *n + 1);
	(*out)[*n].start = start;
	(*out)[*n].end = end;
	(*out)[*n].first_line = line_of_offset(buf, start);
	(*out)[*n].last_line = line_of_offset(buf, end ? end - 1 : 0);
	(*out)[*n].what = what;
	(*n)++;
}

size_t doc_device_blocks(const char *buf, size_t len, const struct strvec *chr,
			 const struct strvec *blk, const struct strvec *misc,
			 struct doc_block **out)
{
	size_t n = 0, cap = 0, off = 0;
	size_t cur_start = 0;
	long cur = -1;
	char cur_type = 0, type = 0;

	*out = NULL;
	while (off <= len) {
		size_t e = off < len ? line_end(buf, len, off) : len;
		long m = off < len ? major_line(buf, off, e, &type) : -2;

		if (m != -1 || off >= len) {
			/* The previous major's block ends here. */
			if (cur >= 0) {
				char num[24];
				const struct strvec *want = cur_type == 'c' ? chr : blk;

				snprintf(num, sizeof(num), "%ld", cur);
				if (sv_contains(want, num))
					push_block(out, &n, &cap, buf, cur_start, off,
						   xasprintf("%s major %ld", cur_type == 'c' ? "char" : "block", cur));
			}
			cur = m;
			cur_type = type;
			cur_start = off;
			if (off >= len)
				break;
		} else if (cur == 10 && cur_type == 'c' && misc->n) {
			/* "\t\t248 = /dev/foo\tFoo" inside the misc block */
			size_t p = off + indent_of(buf, off, e), d = p;
			long v = 0;

			while (d < e && isdigit((unsigned char)buf[d]))
				v = v * 10 + (buf[d++] - '0');
			if (d > p && d + 2 < e && buf[d] == ' ' && buf[d + 1] == '=') {
				char num[24];

				snprintf(num, sizeof(num), "%ld", v);
				if (sv_contains(misc, num))
					push_block(out, &n, &cap, buf, off, e, xasprintf("misc minor %ld", v));
			}
		}
		off = e;
	}
	return n;
}

size_t doc_ioctl_rows(const char *buf, size_t len, const struct strvec *codes,
		      const struct strvec *words, struct doc_block **out)
{
	size_t n = 0, cap = 0, off = 0;

	*out = NULL;
	while (off < len) {
		size_t e = line_end(buf, len, off), p = off + indent_of(buf, off, e), q = p;

		while (q < e && !isspace((unsigned char)buf[q]))
			q++;
		for (size_t i = 0; i < codes->n && q > p; i++) {
			int named = 0;

			if (strlen(codes->v[i]) != q - p || strncasecmp(buf + p, codes->v[i], q - p))
				continue;
			for (size_t w = 0; w < words->n && !named; w++) {
				const char *hit = memmem(buf + off, e - off, words->v[w], strlen(words->v[w]));

				named = hit != NULL;
			}
			if (named)
				push_block(out, &n, &cap, buf, off, e, xasprintf("ioctl %s", codes->v[i]));
		}
		off = e;
	}
	return n;
}

/* The length of the name of the kernel-parameters.txt entry that starts at off, or 0. */
static size_t param_entry(const char *buf, size_t off, size_t e)
{
	size_t q = off + 1;

	if (buf[off] != '\t' || q >= e || isspace((unsigned char)buf[q]))
		return 0;
	while (q < e && !isspace((unsigned char)buf[q]))
		q++;
	return q - off - 1;
}

size_t doc_param_blocks(const char *buf, size_t len, const struct strset *modules,
			struct doc_block **out)
{
	size_t n = 0, cap = 0, off = 0;

	*out = NULL;
	while (off < len) {
		size_t e = line_end(buf, len, off), name = param_entry(buf, off, e), m = 0;

		while (m < name && (isalnum((unsigned char)buf[off + 1 + m]) || buf[off + 1 + m] == '_' ||
				    buf[off + 1 + m] == '-'))
			m++;
		if (m && m < name && buf[off + 1 + m] == '.' && strset_hasn(modules, buf + off + 1, m)) {
			size_t end = e;

			while (end < len && !param_entry(buf, end, line_end(buf, len, end)))
				end = line_end(buf, len, end);
			push_block(out, &n, &cap, buf, off, end,
				   xasprintf("parameters of module %.*s", (int)m, buf + off + 1));
			off = end;
			continue;
		}
		off = e;
	}
	return n;
}

void doc_blocks_free(struct doc_block *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(b[i].what);
	free(b);
}

/* The line [s, e) is reST markup, not prose: a directive, a border, a table. */
static int markup_line(const char *buf, size_t s, size_t e)
{
	size_t p = s + indent_of(buf, s, e), q = e;

	while (q > p && isspace((unsigned char)buf[q - 1]))
		q--;
	if (p >= q)
		return 0;
	if (q - p >= 2 && ((buf[p] == '.' && buf[p + 1] == '.') || (buf[q - 1] == ':' && buf[q - 2] == ':')))
		return 1;
	if (buf[p] == '|' || buf[p] == '+')
		return 1;
	for (size_t i = p; i < q; i++)   /* an underline or a border: punctuation and spaces */
		if (isalnum((unsigned char)buf[i]))
			return 0;
	return 1;
}

/* Does the line [s, e) end a paragraph indented ind: 0 no, 1 blank, 2 indented otherwise (open). */
static int paragraph_stop(const char *buf, size_t s, size_t e, size_t ind)
{
	if (blank_line(buf, s, e))
		return 1;
	return indent_of(buf, s, e) != ind ? 2 : 0;
}

/* A character a sentence may start with. */
static int sentence_head(char c)
{
	return isupper((unsigned char)c) || isdigit((unsigned char)c) || c == '`' || c == '"' || c == '(';
}

/* buf[i] ends a sentence: '.', '!' or '?' before a blank, not "e.g." */
static int sentence_stop(const char *buf, size_t len, size_t i)
{
	if (!strchr(".!?", buf[i]) || (i + 1 < len && !isspace((unsigned char)buf[i + 1])))
		return 0;
	return !(buf[i] == '.' && i >= 2 && isalpha((unsigned char)buf[i - 1]) && buf[i - 2] == '.');
}

/* The first character at or after p that is not white space, or end. */
static size_t skip_space(const char *buf, size_t p, size_t end)
{
	while (p < end && isspace((unsigned char)buf[p]))
		p++;
	return p;
}

int doc_sentence(const char *buf, size_t len, size_t ms, size_t me, size_t *ds, size_t *de,
		 size_t *sentence_start, size_t *sentence_end)
{
	size_t ls = line_start(buf, ms), le = line_end(buf, len, ls);
	size_t ind = indent_of(buf, ls, le), ps = ls, pe = le, ss = 0, se = 0, t;
	int open_before = 0, open_after = 0, found = 0;

	if (blank_line(buf, ls, le))
		return 0;
	/* the paragraph: the lines around, indented alike, up to a blank line */
	while (ps > 0 && !(open_before = paragraph_stop(buf, line_start(buf, ps - 1), ps, ind)))
		ps = line_start(buf, ps - 1);
	while (pe < len && !(open_after = paragraph_stop(buf, pe, line_end(buf, len, pe), ind)))
		pe = line_end(buf, len, pe);
	open_before = open_before > 1;
	open_after = open_after > 1;
	for (size_t s = ps; s < pe; s = line_end(buf, len, s))
		if (markup_line(buf, s, line_end(buf, len, s)))
			return 0;
	/* its start: after the last stop before the match, else the paragraph's */
	for (size_t i = ms; i-- > ps;)
		if (sentence_stop(buf, len, i) && sentence_head(buf[skip_space(buf, i + 1, ms)])) {
			ss = skip_space(buf, i + 1, ms);
			found = 1;
			break;
		}
	if (!found) {
		if (open_before)
			return 0;
		ss = skip_space(buf, ps, ms);
	}
	if (!sentence_head(buf[ss]))
		return 0;
	/* its end: the first stop after the match before a new sentence or the paragraph's end */
	found = 0;
	for (size_t i = me; i < pe; i++)
		if (sentence_stop(buf, len, i)) {
			t = skip_space(buf, i + 1, pe);
			if (t < pe ? sentence_head(buf[t]) : !open_after) {
				se = i + 1;
				found = 1;
				break;
			}
		}
	if (!found)
		return 0;
	if (sentence_start)
		*sentence_start = ss, *sentence_end = se;
	/* what goes with it: the lines it fills, or its part of a shared line */
	t = se;
	while (t < len && (buf[t] == ' ' || buf[t] == '\t' || buf[t] == '\r'))
		t++;
	int from_margin = ss == line_start(buf, ss) + indent_of(buf, line_start(buf, ss), ss);
	int to_eol = t >= len || buf[t] == '\n';

	if (from_margin && to_eol) {
		*ds = line_start(buf, ss);
		*de = t < len ? t + 1 : len;
		if (*ds == ps && *de == pe)
			return 0;   /* the paragraph is the sentence: what it says needs a human */
	} else if (to_eol) {
		*ds = ss;
		while (*ds > ps && (buf[*ds - 1] == ' ' || buf[*ds - 1] == '\t'))
			(*ds)--;
		*de = t;
	} else {
		*ds = ss;
		*de = t;
	}
	return 1;
}

/* The end of the word at p (letters, digits, '_'), or p. */
static size_t word_end(const char *buf, size_t len, size_t p)
{
	while (p < len && (isalnum((unsigned char)buf[p]) || buf[p] == '_'))
		p++;
	return p;
}

/* Is [p, ...) the lone word w (not part of a longer word)? */
static int word_at(const char *buf, size_t len, size_t p, const char *w)
{
	size_t n = strlen(w);

	return p + n <= len && !strncmp(buf + p, w, n) && word_end(buf, len, p) == p + n &&
	       (p == 0 || !(isalnum((unsigned char)buf[p - 1]) || buf[p - 1] == '_'));
}

/* The option token at p, "CONFIG_X" or "``CONFIG_X``": its end, or 0 if none. */
static size_t option_at(const char *buf, size_t len, size_t p)
{
	size_t q = p;

	while (q < len && buf[q] == '`')
		q++;
	if (q + 7 >= len || strncmp(buf + q, "CONFIG_", 7) || word_end(buf, len, q + 7) == q + 7)
		return 0;
	q = word_end(buf, len, q + 7);
	for (size_t n = 0; n < 2 && q < len && buf[q] == '`' && p < len && buf[p] == '`'; n++)
		q++;
	return q;
}

/* The start of the word that ends at e (white space skipped back from e), or e. */
static size_t word_before(const char *buf, size_t e, size_t *end)
{
	size_t p = e;

	while (p > 0 && isspace((unsigned char)buf[p - 1]))
		p--;
	*end = p;
	while (p > 0 && (isalnum((unsigned char)buf[p - 1]) || buf[p - 1] == '_' || buf[p - 1] == '`'))
		p--;
	return p;
}

static void push_edit(struct doc_edit *ed, int *n, size_t s, size_t e, const char *text)
{
	ed[*n].start = s;
	ed[*n].end = e;
	ed[(*n)++].text = text;
}

int doc_alternative(const char *buf, size_t len, size_t ms, size_t me, size_t *os, size_t *oe,
		    struct doc_edit ed[3])
{
	size_t as = ms, ae, p, q, w, we, last;
	int n = 0;

	while (as > 0 && buf[as - 1] == '`')
		as--;
	if ((as > 0 && (isalnum((unsigned char)buf[as - 1]) || buf[as - 1] == '_')) ||
	    !(ae = option_at(buf, len, as)) || ae < me || (ae < len && buf[ae] == '='))
		return 0;
	p = skip_space(buf, ae, len);
	if (word_at(buf, len, p, "or") && (q = option_at(buf, len, skip_space(buf, p + 2, len)))) {
		/* "[either] CONFIG_A or CONFIG_B": from "either" (or A) to B goes */
		*os = skip_space(buf, p + 2, len);
		*oe = last = q;
		if (q < len && buf[q] == '=')
			return 0;
		w = word_before(buf, as, &we);
		if (we - w == 6 && word_at(buf, len, w, "either")) {
			if (memchr(buf + we, '\n', as - we)) {   /* "either" ends its line */
				while (w > 0 && (buf[w - 1] == ' ' || buf[w - 1] == '\t'))
					w--;
				push_edit(ed, &n, w, we, "");
			} else {
				as = w;
			}
		}
		push_edit(ed, &n, as, *os, "");
	} else {
		/* "[either] CONFIG_B or CONFIG_A": from B's end to A's goes */
		w = word_before(buf, as, &we);
		if (!(we - w == 2 && word_at(buf, len, w, "or")))
			return 0;
		*os = word_before(buf, w, &we);
		if (option_at(buf, len, *os) != we || buf[we] == '=')
			return 0;
		*oe = we;
		w = word_before(buf, *os, &we);
		if (we - w == 6 && word_at(buf, len, w, "either"))
			push_edit(ed, &n, w, *os, "");
		push_edit(ed, &n, *oe, ae, "");
		last = ae;
	}
	/* "... are set": one option is left */
	p = skip_space(buf, last, len);
	if (word_at(buf, len, p, "are"))
		push_edit(ed, &n, p, p + 3, "is");
	return n;
}

int doc_list_item(const char *buf, size_t len, size_t ms, size_t me, size_t *ds, size_t *de)
{
	size_t b = ms, a;
	int lines = 0;

	if (me < len && buf[me] == '/')
		me++;
	if (me >= len || buf[me] != ',')
		return 0;
	while (b > 0 && (buf[b - 1] == ' ' || buf[b - 1] == '\t' || buf[b - 1] == '\n'))
		lines += buf[--b] == '\n';
	if (b == 0 || b == ms || buf[b - 1] != ',' || lines > 1)
		return 0;
	a = me + 1;
	while (a < len && (buf[a] == ' ' || buf[a] == '\t'))
		a++;
	if (a < len && buf[a] == '\n') {
		/* "A,\n\tB,\n\tC": the blanks before B go with it, C's line stays */
		size_t n = a + 1;

		while (n < len && (buf[n] == ' ' || buf[n] == '\t'))
			n++;
		if (n >= len || !(isalnum((unsigned char)buf[n]) || buf[n] == '_'))
			return 0;
		*ds = b;
		*de = me + 1;
		return 1;
	}
	if (a == me + 1 || a >= len || !(isalnum((unsigned char)buf[a]) || buf[a] == '_'))
		return 0;
	*ds = ms;
	*de = a;
	return 1;
}

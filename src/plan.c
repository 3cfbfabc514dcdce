/* plan.c - plan every edit first, check it, then write each file atomically. */
#define _XOPEN_SOURCE 700
#include "plan.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run_command.h"
#include "sha1.h"
#include "walk.h"


static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/* The plan's own copy of a cause: every string and list duplicated. */
static struct cause cause_copy(const struct cause *c)
{
	struct cause out = { c->rule, dup_or_null(c->symbol), dup_or_null(c->to),
			     dup_or_null(c->option), dup_or_null(c->selects), dup_or_null(c->name),
			     dup_or_null(c->replacement), c->section, STRVEC_INIT, STRVEC_INIT };

	for (size_t i = 0; i < c->defines.n; i++)
		sv_push(&out.defines, c->defines.v[i]);
	for (size_t i = 0; i < c->paths.n; i++)
		sv_push(&out.paths, c->paths.v[i]);
	return out;
}

/* Free a copy made by cause_copy (its strings are the plan's). */
static void cause_release(struct cause *c)
{
	free((char *)c->symbol), free((char *)c->to), free((char *)c->option);
	free((char *)c->selects), free((char *)c->name), free((char *)c->replacement);
	sv_clear(&c->defines), sv_clear(&c->paths);
	memset(c, 0, sizeof(*c));
}

void plan_init(struct plan *plan, const char *root)
{
	memset(plan, 0, sizeof(*plan));
	plan->root = xstrdup(root);
}

void plan_release(struct plan *plan)
{
	for (size_t i = 0; i < plan->nfiles; i++) {
		free(plan->files[i].path);
		if (!plan->files[i].borrowed)
			free(plan->files[i].data);
	}
	for (size_t i = 0; i < plan->nedits; i++) {
		struct edit *e = &plan->edits[i];
		free(e->path), free(e->repl), free(e->reason);
		cause_release(&e->cause);
	}
	for (size_t i = 0; i < plan->ndels; i++) {
		struct deletion *d = &plan->dels[i];
		free(d->path), free(d->reason);
		cause_release(&d->cause);
	}
	for (size_t i = 0; i < plan->nnotes; i++) {
		struct note *n = &plan->notes[i];
		free(n->path), free(n->reason), free(n->text);
		cause_release(&n->cause);
	}
	free(plan->files), free(plan->file_slots), free(plan->edits), free(plan->dels),
		free(plan->notes);
	free(plan->root);
	memset(plan, 0, sizeof(*plan));
}

/* The slot of path in plan->file_slots: its file's, or the empty one it would take. */
static size_t file_slot(const struct plan *plan, const char *path)
{
	size_t mask = plan->file_slots_cap - 1, h = hash_str(path) & mask;

	while (plan->file_slots[h] && strcmp(plan->files[plan->file_slots[h] - 1].path, path))
		h = (h + 1) & mask;
	return h;
}

static struct plan_file *find_file(const struct plan *plan, const char *path)
{
	size_t h;

	if (!plan->nfiles)
		return NULL;
	h = file_slot(plan, path);
	return plan->file_slots[h] ? &plan->files[plan->file_slots[h] - 1] : NULL;
}

const struct plan_file *plan_find(const struct plan *plan, const char *path)
{
	return find_file(plan, path);
}

/* Index the file just appended (plan->files[nfiles - 1]), growing the table. */
static void index_file(struct plan *plan)
{
	if (2 * plan->nfiles > plan->file_slots_cap) {
		size_t cap = plan->file_slots_cap ? 2 * plan->file_slots_cap : 64;

		free(plan->file_slots);
		plan->file_slots = xcalloc(cap, sizeof(*plan->file_slots));
		plan->file_slots_cap = cap;
		for (size_t i = 0; i + 1 < plan->nfiles; i++)
			plan->file_slots[file_slot(plan, plan->files[i].path)] = i + 1;
	}
	plan->file_slots[file_slot(plan, plan->files[plan->nfiles - 1].path)] = plan->nfiles;
}

const struct plan_file *plan_file(struct plan *plan, const char *path)
{
	struct plan_file *f = find_file(plan, path);
	struct strbuf sb = STRBUF_INIT;
	struct stat st;
	char *full;

	if (f)
		return f;
	full = path_join(plan->root, path);
	if (stat(full, &st) < 0 || read_file(full, &sb) < 0) {
		int e = errno;
		free(full);
		sb_release(&sb);
		errno = e;
		return NULL;
	}
	free(full);
	{
		size_t len;
		char *data = sb_detach(&sb, &len);

		return plan_file_adopt(plan, path, data, len, st.st_mode);
	}
}

const struct plan_file *plan_file_adopt(struct plan *plan, const char *path, char *data,
					size_t len, mode_t mode)
{
	struct plan_file *f = find_file(plan, path);

	if (f) {
		free(data);
		return f;
	}
	GROW(plan->files, plan->files_cap, plan->nfiles + 1);
	f = &plan->files[plan->nfiles++];
	memset(f, 0, sizeof(*f));
	f->path = xstrdup(path);
	f->data = data;
	f->len = len;
	f->mode = mode;
	index_file(plan);
	return f;
}

void plan_borrow(struct plan *plan, const struct plan *from)
{
	for (size_t i = 0; i < from->nfiles; i++) {
		const struct plan_file *o = &from->files[i];
		struct plan_file *f;

		if (find_file(plan, o->path))
			continue;
		GROW(plan->files, plan->files_cap, plan->nfiles + 1);
		f = &plan->files[plan->nfiles++];
		memset(f, 0, sizeof(*f));
		f->path = xstrdup(o->path);
		f->data = o->data;
		f->borrowed = 1;
		f->len = o->len;
		f->mode = o->mode;
		index_file(plan);
	}
}

void plan_edit(struct plan *plan, const char *path, size_t start, size_t end, const char *repl,
	       enum ref_kind kind, const struct cause *cause, const char *reason)
{
	const struct plan_file *f = find_file(plan, path);
	struct edit *e;

	if (!f)
		die("internal error: edit of %s, a file the plan has not read", path);
	if (start > end || end > f->len)
		die("internal error: edit of %s at %zu-%zu outside the file (%zu bytes)",
		    path, start, end, f->len);
	GROW(plan->edits, plan->edits_cap, plan->nedits + 1);
	e = &plan->edits[plan->nedits++];
	e->path = xstrdup(path);
	e->start = start;
	e->end = end;
	e->repl = xstrdup(repl ? repl : "");
	e->kind = kind;
	e->reason = dup_or_null(reason);
	e->cause = cause_copy(cause);
	e->seq = plan->seq++;
}

void plan_delete_lines(struct plan *plan, const char *path, size_t start, size_t end,
		       enum ref_kind kind, const struct cause *cause, const char *reason)
{
	const struct plan_file *f = find_file(plan, path);

	if (!f)
		die("internal error: edit of %s, a file the plan has not read", path);
	start = line_start(f->data, start);
	end = line_end(f->data, f->len, end > start ? end - 1 : start);
	plan_edit(plan, path, start, end, "", kind, cause, reason);
}

void plan_delete(struct plan *plan, const char *path, int is_dir, enum ref_kind kind,
		 const struct cause *cause, const char *reason)
{
	struct deletion *d;
	size_t n = strlen(path);
	/* A name that does not normalise stays as it is: plan_check refuses it. */
	char *norm = path_normalize(path, NULL);
	int normal = norm != NULL;

	if (!norm)
		norm = xstrndup(path, n && path[n - 1] == '/' ? n - 1 : n);
	n = strlen(norm);
	for (size_t i = 0; i < plan->ndels; i++) {
		const char *o = plan->dels[i].path;
		size_t on = strlen(o);

		/* The same path, or one inside a directory that goes: nothing to add. */
		if (!strcmp(o, norm) || (normal && plan->dels[i].is_dir && on < n &&
					 !strncmp(o, norm, on) && norm[on] == '/')) {
			free(norm);
			return;
		}
	}
	if (is_dir && normal) {
		/* What was planned inside the directory goes with it (mach-cns3xxx/core.c). */
		size_t k = 0;

		for (size_t i = 0; i < plan->ndels; i++) {
			const char *o = plan->dels[i].path;
			char *on = path_normalize(o, NULL);
			/* a name that does not normalise stays, for plan_check to refuse */
			int inside = on && !strcmp(on, o) && strlen(o) > n && !strncmp(o, norm, n) &&
				     o[n] == '/';

			free(on);
			if (inside) {
				free(plan->dels[i].path);
				free(plan->dels[i].reason);
				cause_release(&plan->dels[i].cause);
				continue;
			}
			plan->dels[k++] = plan->dels[i];
		}
		plan->ndels = k;
	}
	GROW(plan->dels, plan->dels_cap, plan->ndels + 1);
	d = &plan->dels[plan->ndels++];
	d->path = norm;
	d->is_dir = is_dir;
	d->reason = dup_or_null(reason);
	d->kind = kind;
	d->cause = cause_copy(cause);
	plan->seq++;
}

void plan_note(struct plan *plan, const char *path, size_t line, enum ref_kind kind,
	       enum ref_action action, const struct cause *cause, const char *reason,
	       const char *text)
{
	struct note *n;

	for (size_t i = 0; i < plan->nnotes; i++)
		if (plan->notes[i].line == line && !strcmp(plan->notes[i].path, path) &&
		    plan->notes[i].action == action)
			return;
	GROW(plan->notes, plan->notes_cap, plan->nnotes + 1);
	n = &plan->notes[plan->nnotes++];
	n->path = xstrdup(path);
	n->line = line;
	n->kind = kind;
	n->action = action;
	n->reason = dup_or_null(reason);
	n->text = dup_or_null(text);
	n->cause = cause_copy(cause);
}

int plan_is_deleted(const struct plan *plan, const char *path)
{
	for (size_t i = 0; i < plan->ndels; i++) {
		const char *d = plan->dels[i].path;
		size_t n = strlen(d);

		if (!strncmp(path, d, n) && (path[n] == '\0' || (path[n] == '/' && plan->dels[i].is_dir)))
			return 1;
	}
	return 0;
}

static int cmp_edit(const void *a, const void *b)
{
	const struct edit *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	if (c)
		return c;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end > y->end ? -1 : 1;   /* containing edit first */
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void drop_edit(struct edit *e)
{
	free(e->path), free(e->repl), free(e->reason);
	cause_release(&e->cause);
	e->path = NULL;
}

static int cmp_del(const void *a, const void *b)
{
	return strcmp(((const struct deletion *)a)->path, ((const struct deletion *)b)->path);
}

/* An edit that would leave its bytes as they are: no edit, for the report either. */
static int edit_is_noop(const struct plan *plan, const struct edit *e)
{
	const struct plan_file *f = find_file(plan, e->path);
	size_t n = strlen(e->repl);

	return f && e->end <= f->len && n == e->end - e->start &&
	       !memcmp(f->data + e->start, e->repl, n);
}

/* Sort, collapse duplicates, drop what a deletion already covers and what changes nothing; report conflicts. */
static int merge_edits(struct plan *plan, struct strbuf *err)
{
	size_t j = 0;
	int bad = 0;

	if (plan->nedits)   /* qsort(NULL, 0) is undefined (UBSan) */
		qsort(plan->edits, plan->nedits, sizeof(*plan->edits), cmp_edit);
	for (size_t i = 0; i < plan->nedits; i++) {
		struct edit *e = &plan->edits[i], *prev = j ? &plan->edits[j - 1] : NULL;

		if (plan_is_deleted(plan, e->path) || edit_is_noop(plan, e)) {
			drop_edit(e);
			continue;
		}
		if (prev && !strcmp(prev->path, e->path)) {
			int same = prev->start == e->start && prev->end == e->end &&
				   !strcmp(prev->repl, e->repl);
			int inside = e->start >= prev->start && e->end <= prev->end &&
				     !prev->repl[0] && e->start < prev->end;

			if (same || inside) {
				drop_edit(e);
				continue;
			}
			/*
			 * Two deletions that overlap delete their union: the
			 * first word after "=" takes the blank after it, the
			 * next word the blank before it ("s=x/ x/ _").
			 */
			if (e->start < prev->end && !prev->repl[0] && !e->repl[0]) {
				prev->end = e->end;
				drop_edit(e);
				continue;
			}
			if (e->start < prev->end) {
				const struct plan_file *f = find_file(plan, e->path);

				sb_addf(err, "%s:%zu: conflicting edits (%s: %s; %s: %s)\n", e->path,
					line_of_offset(f->data, e->start), kind_name(prev->kind),
					prev->reason ? prev->reason : "", kind_name(e->kind),
					e->reason ? e->reason : "");
				bad = 1;
			}
		}
		if (j != i)
			plan->edits[j] = *e;
		j++;
	}
	plan->nedits = j;
	if (plan->ndels)
		qsort(plan->dels, plan->ndels, sizeof(*plan->dels), cmp_del);
	return bad ? -1 : 0;
}

/*
 * True if the inode flags of name in dirfd (AT_FDCWD: a path) forbid
 * renaming or removing it (chattr +i, +a).  Not followed; a symbolic link
 * or what cannot be opened: access() and the rename decide.
 */
static int immutable_at(int dirfd, const char *name)
{
	int fd = openat(dirfd, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);
	int flags = 0, bad;

	if (fd < 0)
		return 0;
	bad = ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0 && (flags & (FS_IMMUTABLE_FL | FS_APPEND_FL));
	close(fd);
	return bad;
}

static int is_immutable(const char *path)
{
	return immutable_at(AT_FDCWD, path);
}

/* "a mount point" refusal of path, under the mount point mp (once for each mount point). */
static void refuse_mount(struct strbuf *err, struct strset *said, const char *mp, const char *path)
{
	if (!strset_add(said, mp))
		return;
	if (!strcmp(mp, path))
		sb_addf(err, "%s: is a mount point (another file system inside the tree): a removal "
			"never crosses it; unmount it first\n", mp);
	else
		sb_addf(err, "%s: is a mount point (another file system inside the tree, holding %s): "
			"a removal never crosses it; unmount it first\n", mp, path);
}

/* Problems that would stop the removal of a deleted path and of what is below it. */
struct del_check {
	struct strbuf *err;
	struct strset *mounts;   /* refused already */
	int bad;
};

static int check_entry(const struct subtree_entry *e, void *ctx)
{
	struct del_check *dc = ctx;
	char *path = path_abbrev(e->path, 240);

	switch (e->event) {
	case SUBTREE_MOUNT:
		refuse_mount(dc->err, dc->mounts, path, path);
		dc->bad = 1;
		break;
	case SUBTREE_UNREADABLE:
		sb_addf(dc->err, "%s: cannot be read (%s), so it cannot be deleted\n", path,
			strerror(e->errnum));
		dc->bad = 1;
		break;
	case SUBTREE_FILE:
	case SUBTREE_DIR:
		/* (nothing but a file or directory is opened: opening a device does something) */
		if ((S_ISREG(e->st->st_mode) || S_ISDIR(e->st->st_mode)) &&
		    immutable_at(e->dirfd, e->name)) {
			sb_addf(dc->err, "%s: is immutable or append-only (chattr), so it cannot be deleted\n",
				path);
			dc->bad = 1;
		} else if (e->event == SUBTREE_DIR && faccessat(e->dirfd, e->name, W_OK | X_OK, 0) < 0) {
			sb_addf(dc->err, "%s: directory is read-only, so its files cannot be deleted\n", path);
			dc->bad = 1;
		}
		break;
	case SUBTREE_DIR_DONE:
		break;
	}
	free(path);
	return 0;
}

/*
 * Why path (relative) may not be touched by a plan of the tree at root, or
 * NULL: it must be normalised, inside the tree also after symbolic links,
 * and a deletion must not take the top or a whole top-level entry.
 */
static const char *confine_problem(const char *root, const char *path, int deletion)
{
	char *norm = path_normalize(path, NULL), *parent, *full, *real_root, *real_parent;
	const char *slash = strrchr(path, '/'), *why = NULL;

	if (!norm || strcmp(norm, path))
		why = "not a normalised path inside the tree";
	free(norm);
	if (why)
		return why;
	if (deletion && !slash)
		return "the top of the tree or a top-level entry is never deleted";
	parent = slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup("");
	full = parent[0] ? path_join(root, parent) : xstrdup(root);
	real_root = realpath(root, NULL);
	real_parent = realpath(full, NULL);
	if (real_root && real_parent) {
		size_t n = strlen(real_root);

		if (strncmp(real_parent, real_root, n) || (real_parent[n] && real_parent[n] != '/' &&
							   strcmp(real_root, "/")))
			why = "its directory leads out of the tree through a symbolic link";
	}
	free(real_root), free(real_parent), free(full), free(parent);
	return why;
}

/*
 * Edits of a file that is a symbolic link: a link to a file inside the tree
 * is followed (its edits become edits of that file, read once: a file and a
 * link to it edit one file); a link out of the tree (or into .git) is
 * refused.  Before merge_edits, which then merges what both names planned.
 */
static int follow_links(struct plan *plan, struct strbuf *err)
{
	struct strset seen = STRSET_INIT;
	char *real_root = realpath(plan->root, NULL);
	size_t rn = real_root ? strlen(real_root) : 0;
	int bad = 0;

	for (size_t i = 0; i < plan->nedits; i++) {
		const struct plan_file *lf, *tf;
		char *path = plan->edits[i].path, *full, *real;
		const char *target = NULL;
		struct stat st;

		if (!strset_add(&seen, path) || plan_is_deleted(plan, path))
			continue;
		full = path_join(plan->root, path);
		if (lstat(full, &st) < 0 || !S_ISLNK(st.st_mode)) {
			free(full);
			continue;
		}
		real = realpath(full, NULL);
		free(full);
		if (real && real_root && !strncmp(real, real_root, rn) && real[rn] == '/')
			target = real + rn + 1;
		else if (real && real_root && !strcmp(real_root, "/"))
			target = real + 1;
		if (!target || !strcmp(target, ".git") || starts_with(target, ".git/") ||
		    strstr(target, "/.git/")) {
			sb_addf(err, "%s: is a symbolic link to outside the tree, and the removal would edit "
				"it (nothing outside the tree is written); put a copy of the file in its "
				"place to go on\n", path);
			bad = 1;
			free(real);
			continue;
		}
		path = xstrdup(path);   /* edits[i].path is replaced below */
		tf = plan_file(plan, target);
		lf = find_file(plan, path);
		if (!tf) {
			sb_addf(err, "%s: cannot read %s, the file it links to: %s\n", path, target,
				strerror(errno));
			bad = 1;
		} else if (!lf || lf->len != tf->len || memcmp(lf->data, tf->data, tf->len)) {
			sb_addf(err, "%s: changed on disk since it was read\n", target);
			bad = 1;
		} else {
			for (size_t k = i; k < plan->nedits; k++)
				if (!strcmp(plan->edits[k].path, path)) {
					free(plan->edits[k].path);
					plan->edits[k].path = xstrdup(tf->path);
				}
		}
		free(path);
		free(real);
	}
	strset_clear(&seen);
	free(real_root);
	return bad ? -1 : 0;
}

int plan_check(struct plan *plan, struct strbuf *err)
{
	int bad = follow_links(plan, err) < 0;
	struct strbuf now = STRBUF_INIT;
	struct strset mounts = STRSET_INIT;
	int rootfd;

	bad |= merge_edits(plan, err) < 0;
	for (size_t i = 0; i < plan->nfiles; i++) {
		struct plan_file *f = &plan->files[i];
		const char *why;
		struct stat st;
		char *full, *mp;

		if (!plan_file_changed(plan, f))
			continue;
		if ((why = confine_problem(plan->root, f->path, 0))) {
			sb_addf(err, "%s: %s\n", f->path, why);
			bad = 1;
			continue;
		}
		full = path_join(plan->root, f->path);
		if (lstat(full, &st) == 0 && S_ISLNK(st.st_mode)) {
			free(full);   /* a link out of the tree: follow_links said so */
			continue;
		}
		if ((mp = tree_mount_point(plan->root, f->path))) {
			refuse_mount(err, &mounts, mp, f->path);
			bad = 1;
			free(mp);
			free(full);
			continue;
		}
		sb_reset(&now);
		if (read_file(full, &now) < 0) {
			sb_addf(err, "%s: cannot read: %s\n", f->path, strerror(errno));
			bad = 1;
		} else if (now.len != f->len || memcmp(now.buf, f->data, f->len)) {
			sb_addf(err, "%s: changed on disk since it was read\n", f->path);
			bad = 1;
		} else if (plan->preview) {
			/* only printed: whether it could be written is no question */
		} else if (lstat(full, &st) < 0 || !S_ISREG(st.st_mode) || !(st.st_mode & 0222) ||
			   access(full, W_OK) < 0) {
			sb_addf(err, "%s: file is read-only\n", f->path);
			bad = 1;
		} else if (is_immutable(full)) {
			sb_addf(err, "%s: is immutable or append-only (chattr), so it cannot be replaced\n",
				f->path);
			bad = 1;
		} else {
			/* What plan_apply checks again just before it replaces the file. */
			f->dev = st.st_dev;
			f->ino = st.st_ino;
			f->mtime = st.st_mtim;
			f->uid = st.st_uid;
			f->gid = st.st_gid;
		}
		free(full);
	}
	rootfd = open(plan->root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	for (size_t i = 0; i < plan->ndels; i++) {
		char *full = path_join(plan->root, plan->dels[i].path), *dir, *mp = NULL;
		const char *why = confine_problem(plan->root, plan->dels[i].path, 1);
		struct stat st;

		if (why) {
			sb_addf(err, "%s: %s\n", plan->dels[i].path, why);
			bad = 1;
		} else if (lstat(full, &st) < 0) {
			sb_addf(err, "%s: cannot delete: %s\n", plan->dels[i].path, strerror(errno));
			bad = 1;
		} else if ((mp = tree_mount_point(plan->root, plan->dels[i].path))) {
			refuse_mount(err, &mounts, mp, plan->dels[i].path);
			bad = 1;
		} else if (!S_ISDIR(st.st_mode) != !plan->dels[i].is_dir) {
			sb_addf(err, "%s: expected a %s\n", plan->dels[i].path,
				plan->dels[i].is_dir ? "directory" : "file");
			bad = 1;
		} else if (!plan->preview) {
			struct del_check dc = { err, &mounts, 0 };

			dir = xstrndup(full, (size_t)(strrchr(full, '/') - full));
			if (access(dir, W_OK | X_OK) < 0 || is_immutable(dir)) {
				sb_addf(err, "%s: its directory is read-only, so it cannot be deleted\n",
					plan->dels[i].path);
				dc.bad = 1;
			}
			free(dir);
			/* Everything below it, by descriptors: any depth, never into a mount. */
			if (rootfd < 0 || subtree_walk(rootfd, plan->dels[i].path, check_entry, &dc) < 0) {
				sb_addf(err, "%s: cannot be read (%s), so it cannot be deleted\n",
					plan->dels[i].path, strerror(errno));
				dc.bad = 1;
			}
			bad |= dc.bad;
		}
		free(mp);
		free(full);
	}
	if (rootfd >= 0)
		close(rootfd);
	strset_clear(&mounts);
	sb_release(&now);
	return bad ? -1 : 0;
}

size_t plan_files_touched(const struct plan *plan)
{
	size_t n = plan->ndels;

	for (size_t i = 0; i < plan->nedits; i++)
		if (!i || strcmp(plan->edits[i].path, plan->edits[i - 1].path))
			n++;
	return n;
}

/* Index range [*lo, *hi) of the (sorted) edits of f. */
static void edits_of(const struct plan *plan, const struct plan_file *f, size_t *lo, size_t *hi)
{
	size_t i = 0;

	while (i < plan->nedits && strcmp(plan->edits[i].path, f->path))
		i++;
	*lo = i;
	while (i < plan->nedits && !strcmp(plan->edits[i].path, f->path))
		i++;
	*hi = i;
}

/* Append the bytes [from, to) of f with the edits [lo, hi) (all inside it) applied. */
static void apply_range(const struct plan *plan, const struct plan_file *f, size_t lo, size_t hi,
			size_t from, size_t to, struct strbuf *out)
{
	size_t pos = from;

	for (size_t i = lo; i < hi; i++) {
		const struct edit *e = &plan->edits[i];

		sb_addn(out, f->data + pos, e->start - pos);
		sb_adds(out, e->repl);
		pos = e->end;
	}
	sb_addn(out, f->data + pos, to - pos);
}

int plan_file_changed(const struct plan *plan, const struct plan_file *f)
{
	size_t lo, hi;

	edits_of(plan, f, &lo, &hi);
	return lo != hi;
}

void plan_result(const struct plan *plan, const struct plan_file *f, struct strbuf *out)
{
	size_t lo, hi;

	edits_of(plan, f, &lo, &hi);
	apply_range(plan, f, lo, hi, 0, f->len, out);
}

/* ---- unified diff ---- */

struct lines {
	size_t *start;   /* start offset of each line; start[n] = len */
	size_t n;
};

static void split_lines(const char *buf, size_t len, struct lines *l)
{
	size_t cap = 0;

	l->start = NULL;
	l->n = 0;
	GROW(l->start, cap, 2);
	l->start[0] = 0;
	for (size_t i = 0; i < len; i++) {
		if (buf[i] == '\n' && i + 1 < len) {
			GROW(l->start, cap, l->n + 3);
			l->start[++l->n] = i + 1;
		}
	}
	l->n = len ? l->n + 1 : 0;
	GROW(l->start, cap, l->n + 2);
	l->start[l->n] = len;
}

/* Index of the line holding offset off (off < len), by binary search. */
static size_t line_index(const struct lines *l, size_t off)
{
	size_t lo = 0, hi = l->n;

	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (l->start[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* A run of whole old lines [la, lb) replaced by the edits [ei, ej). */
struct chunk {
	size_t la, lb;
	size_t ei, ej;
	struct strbuf text;
};

static void emit_lines(FILE *out, char sign, const char *p, size_t n, int at_eof)
{
	while (n) {
		const char *nl = memchr(p, '\n', n);
		size_t k = nl ? (size_t)(nl - p) + 1 : n;

		fputc(sign, out);
		fwrite(p, 1, k, out);
		if (!nl) {
			fputc('\n', out);
			if (at_eof)
				fputs("\\ No newline at end of file\n", out);
		}
		p += k;
		n -= k;
	}
}

static size_t count_lines(const char *p, size_t n)
{
	size_t c = 0;

	for (size_t i = 0; i < n; i++)
		c += p[i] == '\n';
	return c + (n && p[n - 1] != '\n');
}

static const char *mode_str(mode_t m)
{
	return S_ISLNK(m) ? "120000" : (m & 0111) ? "100755" : "100644";
}

/*
 * prefix and path as git writes a name in a diff (core.quotePath, its
 * default): in double quotes with C escapes (\n, \t, \", \\, \ooo) when it
 * holds a control character, '"', '\\', DEL or a byte >= 0x80, else bare.
 */
static char *git_name(const char *prefix, const char *path)
{
	static const char esc[] = "\a\b\t\n\v\f\r";
	struct strbuf sb = STRBUF_INIT;
	int quote = 0;

	for (const unsigned char *p = (const unsigned char *)path; *p && !quote; p++)
		quote = *p < 0x20 || *p == '"' || *p == '\\' || *p >= 0x7f;
	if (!quote)
		return xasprintf("%s%s", prefix, path);
	sb_addf(&sb, "\"%s", prefix);
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		const char *e = *p && *p < 0x20 ? strchr(esc, *p) : NULL;

		if (e)
			sb_addf(&sb, "\\%c", "abtnvfr"[e - esc]);
		else if (*p == '"' || *p == '\\')
			sb_addf(&sb, "\\%c", *p);
		else if (*p < 0x20 || *p >= 0x7f)
			sb_addf(&sb, "\\%03o", *p);
		else
			sb_addf(&sb, "%c", *p);
	}
	sb_adds(&sb, "\"");
	return sb_detach(&sb, NULL);
}

/* "--- NAME" or "+++ NAME" as git writes it: a bare name with a space gets a tab after it. */
static void diff_name_line(FILE *out, const char *marker, const char *name)
{
	fprintf(out, "%s %s%s\n", marker, name, name[0] != '"' && strchr(name, ' ') ? "\t" : "");
}

static void diff_file(const struct plan *plan, const struct plan_file *f, FILE *out)
{
	const int ctx = 3;
	struct lines l;
	struct chunk *ch = NULL;
	size_t nch = 0, cap = 0, lo, hi;
	long delta = 0;
	char *a, *b;

	edits_of(plan, f, &lo, &hi);
	if (lo == hi)
		return;
	split_lines(f->data, f->len, &l);
	/* Each edit covers whole lines; edits sharing a line become one chunk. */
	for (size_t i = lo; i < hi; i++) {
		const struct edit *e = &plan->edits[i];
		size_t la, lb;

		if (e->start == e->end) {
			if (e->start == f->len && (!f->len || f->data[f->len - 1] == '\n')) {
				la = lb = l.n;
			} else {
				la = line_index(&l, e->start < f->len ? e->start : f->len - 1);
				/* Whole new lines before line la, or a change of line la. */
				size_t rl = strlen(e->repl);
				int whole = e->start == l.start[la] && (!rl || e->repl[rl - 1] == '\n');

				lb = whole ? la : la + 1;
			}
		} else {
			la = line_index(&l, e->start);
			lb = line_index(&l, e->end - 1) + 1;
		}
		if (nch && la < ch[nch - 1].lb) {
			if (lb > ch[nch - 1].lb)
				ch[nch - 1].lb = lb;
			ch[nch - 1].ej = i + 1;
		} else {
			GROW(ch, cap, nch + 1);
			ch[nch] = (struct chunk){ la, lb, i, i + 1, STRBUF_INIT };
			nch++;
		}
	}
	for (size_t c = 0; c < nch; c++)
		apply_range(plan, f, ch[c].ei, ch[c].ej, l.start[ch[c].la], l.start[ch[c].lb],
			    &ch[c].text);

	a = git_name("a/", f->path);
	b = git_name("b/", f->path);
	fprintf(out, "diff --git %s %s\n", a, b);
	diff_name_line(out, "---", a);
	diff_name_line(out, "+++", b);
	free(a);
	free(b);
	for (size_t c = 0; c < nch;) {
		size_t c2 = c, ha, hb, na = 0, nb = 0;

		/* Chunks whose context overlaps form one hunk. */
		while (c2 + 1 < nch && ch[c2 + 1].la <= ch[c2].lb + 2 * ctx)
			c2++;
		ha = ch[c].la > (size_t)ctx ? ch[c].la - ctx : 0;
		hb = ch[c2].lb + ctx < l.n ? ch[c2].lb + ctx : l.n;
		for (size_t k = c; k <= c2; k++)
			nb += count_lines(ch[k].text.buf ? ch[k].text.buf : "", ch[k].text.len);
		na = hb - ha;
		nb += na;
		for (size_t k = c; k <= c2; k++)
			nb -= ch[k].lb - ch[k].la;
		fprintf(out, "@@ -%zu", na ? ha + 1 : ha);
		if (na != 1)
			fprintf(out, ",%zu", na);
		fprintf(out, " +%ld", nb ? (long)ha + 1 + delta : (long)ha + delta);
		if (nb != 1)
			fprintf(out, ",%zu", nb);
		fputs(" @@\n", out);
		size_t pos = ha;
		for (size_t k = c; k <= c2; k++) {
			emit_lines(out, ' ', f->data + l.start[pos], l.start[ch[k].la] - l.start[pos],
				   ch[k].la == l.n);
			emit_lines(out, '-', f->data + l.start[ch[k].la],
				   l.start[ch[k].lb] - l.start[ch[k].la], ch[k].lb == l.n);
			emit_lines(out, '+', ch[k].text.buf ? ch[k].text.buf : "", ch[k].text.len,
				   ch[k].lb == l.n);
			delta += (long)count_lines(ch[k].text.buf ? ch[k].text.buf : "", ch[k].text.len) -
				 (long)(ch[k].lb - ch[k].la);
			pos = ch[k].lb;
		}
		emit_lines(out, ' ', f->data + l.start[pos], l.start[hb] - l.start[pos], hb == l.n);
		c = c2 + 1;
	}
	for (size_t c = 0; c < nch; c++)
		sb_release(&ch[c].text);
	free(ch);
	free(l.start);
}

static void diff_deleted_file(const char *path, const char *data, size_t len, mode_t mode,
			      FILE *out)
{
	char id[41], *a = git_name("a/", path), *b = git_name("b/", path);

	git_blob_id(data, len, id);
	fprintf(out, "diff --git %s %s\ndeleted file mode %s\nindex %s..%040d\n", a, b,
		mode_str(mode), id, 0);
	if (!len) {
		/* nothing */
	} else if (memchr(data, '\0', len < 8000 ? len : 8000)) {
		fprintf(out, "Binary files %s and /dev/null differ\n", a);
	} else {
		diff_name_line(out, "---", a);
		diff_name_line(out, "+++", "/dev/null");
		fprintf(out, "@@ -1");
		if (count_lines(data, len) != 1)
			fprintf(out, ",%zu", count_lines(data, len));
		fprintf(out, " +0,0 @@\n");
		emit_lines(out, '-', data, len, 1);
	}
	free(a);
	free(b);
}

/*
 * plan_diff: the edited files and the files of the deleted paths, merged in
 * path order as git prints them.  A deleted directory is walked by
 * descriptors (subtree_walk: any depth, in git's order, nothing followed): a
 * symbolic link is printed as git prints one (mode 120000, its text), a
 * FIFO, socket or device not at all (git has no such file; the real run
 * deletes it with its directory).
 */
struct diff_walk {
	const struct plan *plan;
	FILE *out;
	struct strbuf *err;
	struct strvec edited;   /* paths of the edited files, sorted */
	size_t next;            /* the first not printed yet */
	struct strbuf data;
};

/* Print the diffs of the edited files that sort before path (all when NULL). */
static void diff_edits_before(struct diff_walk *dw, const char *path)
{
	while (dw->next < dw->edited.n && (!path || strcmp(dw->edited.v[dw->next], path) < 0))
		diff_file(dw->plan, find_file(dw->plan, dw->edited.v[dw->next++]), dw->out);
}

/* Read entry e (a link's text, a regular file's bytes) into sb: 0, or -1 with errno. */
static int read_entry(const struct subtree_entry *e, struct strbuf *sb)
{
	struct stat st;
	int fd, rc;

	if (S_ISLNK(e->st->st_mode)) {
		size_t size = e->st->st_size > 0 ? (size_t)e->st->st_size + 1 : 256;

		for (;;) {
			ssize_t n;

			sb_reset(sb);
			sb_grow(sb, size);
			n = readlinkat(e->dirfd, e->name, sb->buf, size);
			if (n < 0)
				return -1;
			if ((size_t)n < size) {
				sb->len = (size_t)n;
				sb->buf[n] = '\0';
				return 0;
			}
			size *= 2;
		}
	}
	fd = openat(e->dirfd, e->name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		int why = fstat(fd, &st) < 0 ? errno : ENODEV;   /* replaced since the walk saw it */

		close(fd);
		errno = why;
		return -1;
	}
	sb_reset(sb);
	rc = read_fd(fd, sb);
	close(fd);
	return rc;
}

static int diff_deleted_entry(const struct subtree_entry *e, void *ctx)
{
	struct diff_walk *dw = ctx;

	switch (e->event) {
	case SUBTREE_MOUNT:
		sb_addf(dw->err, "%s: is a mount point (another file system inside the tree)\n", e->path);
		return -1;
	case SUBTREE_UNREADABLE:
		sb_addf(dw->err, "cannot read %s: %s\n", e->path, strerror(e->errnum));
		return -1;
	case SUBTREE_FILE:
		break;
	default:
		return 0;
	}
	if (!S_ISREG(e->st->st_mode) && !S_ISLNK(e->st->st_mode))
		return 0;
	if (read_entry(e, &dw->data) < 0) {
		sb_addf(dw->err, "cannot read %s: %s\n", e->path, strerror(errno));
		return -1;
	}
	diff_edits_before(dw, e->path);
	diff_deleted_file(e->path, dw->data.buf ? dw->data.buf : "", dw->data.len, e->st->st_mode,
			  dw->out);
	return 0;
}

/* Deletions in the order of the paths they print: a directory's as if its name ended in '/'. */
static int cmp_del_walk(const void *a, const void *b)
{
	const struct deletion *x = *(const struct deletion *const *)a;
	const struct deletion *y = *(const struct deletion *const *)b;
	char *kx = xasprintf("%s%s", x->path, x->is_dir ? "/" : "");
	char *ky = xasprintf("%s%s", y->path, y->is_dir ? "/" : "");
	int c = strcmp(kx, ky);

	free(kx);
	free(ky);
	return c;
}

int plan_diff(struct plan *plan, FILE *out, struct strbuf *err)
{
	struct diff_walk dw = { plan, out, err, STRVEC_INIT, 0, STRBUF_INIT };
	const struct deletion **dels = xcalloc(plan->ndels + 1, sizeof(*dels));
	int rc = 0, rootfd = -1;

	/* Edited and deleted files, in path order, as git prints them. */
	for (size_t i = 0; i < plan->nfiles; i++) {
		size_t lo, hi;

		edits_of(plan, &plan->files[i], &lo, &hi);
		if (lo != hi)
			sv_push(&dw.edited, plan->files[i].path);
	}
	sv_sort_uniq(&dw.edited);
	for (size_t i = 0; i < plan->ndels; i++)
		dels[i] = &plan->dels[i];
	if (plan->ndels > 1)
		qsort(dels, plan->ndels, sizeof(*dels), cmp_del_walk);
	if (plan->ndels && (rootfd = open(plan->root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
		sb_addf(err, "cannot read directory %s: %s\n", plan->root, strerror(errno));
		rc = -1;
	}
	for (size_t i = 0; rc == 0 && i < plan->ndels; i++) {
		size_t said = err->len;

		/* -1: the callback said why, or the walk could not go on (errno) */
		if ((rc = subtree_walk(rootfd, dels[i]->path, diff_deleted_entry, &dw)) && err->len == said)
			sb_addf(err, "cannot read %s: %s\n", dels[i]->path, strerror(errno));
	}
	if (rc == 0)
		diff_edits_before(&dw, NULL);
	if (rootfd >= 0)
		close(rootfd);
	free(dels);
	sv_clear(&dw.edited);
	sb_release(&dw.data);
	return rc;
}

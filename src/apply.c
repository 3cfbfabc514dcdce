/*
 * apply.c - write a checked plan into the tree, reversibly until it is
 * complete, and finish or undo an apply that was killed.
 *
 * Every operation has fixed names beside its file (NAME in directory DIR):
 *
 *   edit    DIR/.NAME.excise-new   the new contents, written and fsynced
 *           DIR/.NAME.excise-old   the original, kept as a hard link
 *   delete  DIR/.NAME.excise-del   the file or directory, renamed aside
 *
 * The journal, .excise-journal at the top of the tree, names every
 * operation before anything else is written; its first line says
 * "planned" until every rename has succeeded, then "committed".  So:
 *
 *   failure before the commit   every original is renamed back: the tree
 *                               is as it was, byte for byte
 *   killed before the commit    the next run (plan_recover) does the same
 *   killed after the commit     the next run removes the kept originals
 *
 * The tree walk ignores the .excise- names (walk.c).
 */
#define _XOPEN_SOURCE 700
#include "plan.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "walk.h"

#define JOURNAL ".excise-journal"

enum op_kind { OP_EDIT, OP_DELETE };

/* How far an operation got, in order. */
enum op_state {
	ST_NONE,
	ST_WRITTEN,     /* edit: the new file is beside the original */
	ST_KEPT,        /* edit: the original is linked aside too */
	ST_DONE,        /* edit: renamed over; delete: renamed aside */
};

struct op {
	enum op_kind kind;
	char *rel;                 /* relative path, as in the plan */
	char *dest;                /* root/rel */
	char *aside;               /* .excise-new (edit) or .excise-del (delete) */
	char *keep;                /* edit: .excise-old */
	const struct plan_file *f; /* edit: the snapshot */
	enum op_state state;
};

struct apply {
	const char *root;
	struct op *ops;
	size_t n;
	char *journal;
	const struct apply_options *opt;
	long count;                /* operations started, for opt->fail_at */
	sigset_t held, saved;
};

static const int held_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };

/* "DIR/.NAME.excise-SUFFIX" for the file at full. */
static char *beside(const char *full, const char *suffix)
{
	const char *slash = strrchr(full, '/');

	if (!slash)
		return xasprintf(".%s.excise-%s", full, suffix);
	return xasprintf("%.*s/.%s.excise-%s", (int)(slash - full), full, slash + 1, suffix);
}

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/*
 * Give the new file fd the extended attributes of the file at orig (not
 * followed): user.* and ACLs (system.*) must come along, or the write
 * fails; the others (security.*, trusted.*) where the kernel lets us, as
 * cp -a does.  Returns 0, or -1 with errno and the attribute's name in *bad.
 */
static int copy_xattrs(const char *orig, int fd, char **bad)
{
	struct strbuf names = STRBUF_INIT, value = STRBUF_INIT;
	ssize_t n;
	int rc = 0;

	for (;;) {
		n = llistxattr(orig, NULL, 0);
		if (n <= 0) {
			/* none, or a file system without them */
			return n < 0 && errno != ENOTSUP && errno != ENOENT ? -1 : 0;
		}
		sb_reset(&names);
		sb_grow(&names, (size_t)n + 1);
		n = llistxattr(orig, names.buf, (size_t)n);
		if (n >= 0 || errno != ERANGE)
			break;
	}
	for (ssize_t i = 0; rc == 0 && n > 0 && i < n; i += (ssize_t)strlen(names.buf + i) + 1) {
		const char *name = names.buf + i;
		int must = starts_with(name, "user.") || starts_with(name, "system.");
		ssize_t v;

		for (;;) {
			v = lgetxattr(orig, name, NULL, 0);
			if (v < 0)
				break;
			sb_reset(&value);
			sb_grow(&value, (size_t)v + 1);
			v = lgetxattr(orig, name, value.buf, (size_t)v);
			if (v >= 0 || errno != ERANGE)
				break;
		}
		if ((v < 0 || fsetxattr(fd, name, value.buf, (size_t)v, 0) < 0) && must) {
			*bad = xstrdup(name);
			rc = -1;
		}
	}
	if (n < 0)
		rc = -1;
	{
		int e = errno;

		sb_release(&names);
		sb_release(&value);
		errno = e;
	}
	return rc;
}

/*
 * Write data to path (created new), fsynced, as the file orig is: its mode,
 * its owner and group (as GNU sed -i: when we may; the group alone if only
 * that), its extended attributes (orig may be NULL: the mode alone).
 * Returns 0, or -1 with errno and a line in err.
 */
static int write_new(const char *path, const char *data, size_t len, mode_t mode, const char *orig,
		     uid_t uid, gid_t gid, struct strbuf *err)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600), e;
	char *bad = NULL;

	if (fd < 0) {
		sb_addf(err, "cannot create %s: %s", path, strerror(errno));
		return -1;
	}
	/* (the owner first: fchown clears the set-user-ID and set-group-ID bits) */
	if (orig && fchown(fd, uid, gid) < 0 && fchown(fd, (uid_t)-1, gid) < 0)
		errno = 0;   /* not ours to give: the file is ours, as sed -i leaves it */
	if (fchmod(fd, mode & 07777) < 0) {
		sb_addf(err, "cannot set the mode of %s: %s", path, strerror(errno));
		goto fail;
	}
	if (orig && copy_xattrs(orig, fd, &bad) < 0) {
		sb_addf(err, "cannot keep the extended attribute%s%s: %s", bad ? " " : "s",
			bad ? bad : "", strerror(errno));
		goto fail;
	}
	if (write_all(fd, data, len) < 0 || fsync(fd) < 0) {
		sb_addf(err, "%s", strerror(errno));
		goto fail;
	}
	return close(fd);
fail:
	e = errno;
	free(bad);
	close(fd);
	unlink(path);
	errno = e;
	return -1;
}

/* fsync the directory that holds path, so that a rename in it is durable. */
static void sync_dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup(".");
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	free(dir);
}

/* ---- the journal ---- */

static int journal_write(const struct apply *a, const char *state, struct strbuf *err)
{
	struct strbuf sb = STRBUF_INIT, why = STRBUF_INIT;
	char *tmp = xasprintf("%s.tmp", a->journal);
	int rc = 0;

	sb_addf(&sb, "excise-journal 1 %s\n", state);
	for (size_t i = 0; i < a->n; i++)
		sb_addf(&sb, "%c\t%s\n", a->ops[i].kind == OP_EDIT ? 'E' : 'D', a->ops[i].rel);
	unlink(tmp);
	if (write_new(tmp, sb.buf, sb.len, 0644, NULL, 0, 0, &why) < 0 || rename(tmp, a->journal) < 0) {
		sb_addf(err, "%s: cannot write the journal: %s\n", JOURNAL, strerror(errno));
		unlink(tmp);
		rc = -1;
	} else {
		sync_dir_of(a->journal);
	}
	free(tmp);
	sb_release(&sb);
	sb_release(&why);
	return rc;
}

/* ---- undoing ---- */

/* Put one operation back; returns 0 or -1 with a line in err. */
static int undo_op(struct op *o, struct strbuf *err)
{
	struct stat st;
	int rc = 0;

	switch (o->state) {
	case ST_DONE:
		if (rename(o->kind == OP_EDIT ? o->keep : o->aside, o->dest) < 0) {
			sb_addf(err, "%s: %s, not restored: its original is %s (%s)\n", o->rel,
				o->kind == OP_EDIT ? "replaced" : "deleted",
				o->kind == OP_EDIT ? o->keep : o->aside, strerror(errno));
			return -1;
		}
		if (o->kind == OP_DELETE)
			break;
		/* fall through */
	case ST_KEPT:
		/* rename() of two names of one inode does nothing: drop the extra name. */
		if (lstat(o->keep, &st) == 0 && unlink(o->keep) < 0) {
			sb_addf(err, "%s: restored, but %s is left: %s\n", o->rel, o->keep, strerror(errno));
			rc = -1;
		}
		/* fall through */
	case ST_WRITTEN:
		if (o->kind == OP_EDIT && unlink(o->aside) < 0 && errno != ENOENT) {
			sb_addf(err, "%s: restored, but %s is left: %s\n", o->rel, o->aside, strerror(errno));
			rc = -1;
		}
		break;
	case ST_NONE:
		break;
	}
	o->state = ST_NONE;
	return rc;
}

/* Undo every operation, last first; the journal goes if all went back. */
static int roll_back(struct apply *a, struct strbuf *err)
{
	struct strbuf failed = STRBUF_INIT;
	int rc = 0;

	for (size_t i = a->n; i-- > 0;)
		if (undo_op(&a->ops[i], &failed) < 0)
			rc = -1;
	if (rc == 0) {
		unlink(a->journal);
		sb_addf(err, "nothing was changed\n");
	} else {
		sb_addf(err, "the tree could not be put back as it was:\n%s", failed.buf);
		for (size_t i = 0; i < a->n; i++)
			if (a->ops[i].state == ST_NONE)
				sb_addf(err, "%s: as it was\n", a->ops[i].rel);
		sb_addf(err, "the journal %s lists every operation; `excise remove` runs again "
			     "will try to restore them\n", JOURNAL);
	}
	sb_release(&failed);
	return rc;
}

/* ---- applying ---- */

/* Before each operation: the test hooks, and a held signal stops the apply. */
static int next_op(struct apply *a, const char *rel, struct strbuf *err)
{
	sigset_t pending;

	if (a->opt && a->opt->delay_us > 0)
		usleep((useconds_t)a->opt->delay_us);
	a->count++;
	if (a->opt && a->opt->fail_at && a->count == a->opt->fail_at) {
		sb_addf(err, "%s: failed on purpose (test: operation %ld)\n", rel, a->count);
		return -1;
	}
	sigpending(&pending);
	for (size_t i = 0; i < ARRAY_SIZE(held_signals); i++)
		if (sigismember(&pending, held_signals[i])) {
			sb_addf(err, "stopped by signal %d\n", held_signals[i]);
			return -1;
		}
	return 0;
}

/* The file of an edit is the one plan_check saw: same inode, time and bytes. */
static int unchanged(const struct op *o)
{
	struct strbuf now = STRBUF_INIT;
	struct stat st;
	int same;

	same = lstat(o->keep, &st) == 0 && st.st_dev == o->f->dev && st.st_ino == o->f->ino &&
	       st.st_mtim.tv_sec == o->f->mtime.tv_sec && st.st_mtim.tv_nsec == o->f->mtime.tv_nsec &&
	       read_file(o->keep, &now) == 0 && now.len == o->f->len &&
	       !memcmp(now.buf, o->f->data, now.len);
	sb_release(&now);
	return same;
}

static int do_ops(struct apply *a, const struct plan *plan, struct strbuf *err)
{
	struct strbuf sb = STRBUF_INIT, why = STRBUF_INIT;
	int rc = 0;

	/* 1. Every new file beside its original. */
	for (size_t i = 0; i < a->n && !rc; i++) {
		struct op *o = &a->ops[i];

		if (o->kind != OP_EDIT)
			continue;
		if (next_op(a, o->rel, err) < 0) {
			rc = -1;
			break;
		}
		sb_reset(&sb);
		plan_result(plan, o->f, &sb);
		unlink(o->aside);   /* a stale one was recovered first; this is ours */
		sb_reset(&why);
		if (write_new(o->aside, sb.buf, sb.len, o->f->mode, o->dest, o->f->uid, o->f->gid,
			      &why) < 0) {
			sb_addf(err, "%s: cannot write: %s\n", o->rel, why.buf);
			rc = -1;
		} else {
			o->state = ST_WRITTEN;
		}
	}
	/* 2. Keep each original, check it, put the new file in its place. */
	for (size_t i = 0; i < a->n && !rc; i++) {
		struct op *o = &a->ops[i];

		if (o->kind != OP_EDIT)
			continue;
		if (next_op(a, o->rel, err) < 0) {
			rc = -1;
		} else if (unlink(o->keep), link(o->dest, o->keep) < 0) {
			sb_addf(err, "%s: cannot keep the original: %s\n", o->rel, strerror(errno));
			rc = -1;
		} else if ((o->state = ST_KEPT), !unchanged(o)) {
			sb_addf(err, "%s: changed on disk after the plan was checked\n", o->rel);
			rc = -1;
		} else if (rename(o->aside, o->dest) < 0) {
			sb_addf(err, "%s: cannot replace: %s\n", o->rel, strerror(errno));
			rc = -1;
		} else {
			o->state = ST_DONE;
		}
	}
	/* 3. Deletions: renamed aside. */
	for (size_t i = 0; i < a->n && !rc; i++) {
		struct op *o = &a->ops[i];

		if (o->kind != OP_DELETE)
			continue;
		if (next_op(a, o->rel, err) < 0) {
			rc = -1;
		} else if (rename(o->dest, o->aside) < 0) {
			sb_addf(err, "%s: cannot delete: %s\n", o->rel, strerror(errno));
			rc = -1;
		} else {
			o->state = ST_DONE;
		}
	}
	sb_release(&sb);
	sb_release(&why);
	return rc;
}

/* clean_up: remove what a walk meets, bottom up; never into a mount. */
struct rm_walk {
	const char *what;   /* the error's words, or NULL */
	int errnum;
	char *path;
};

static int rm_entry(const struct subtree_entry *e, void *ctx)
{
	struct rm_walk *rw = ctx;

	switch (e->event) {
	case SUBTREE_FILE:
		if (unlinkat(e->dirfd, e->name, 0) == 0)
			return 0;
		break;
	case SUBTREE_DIR_DONE:
		if (unlinkat(e->dirfd, e->name, AT_REMOVEDIR) == 0)
			return 0;
		break;
	case SUBTREE_MOUNT:
		rw->what = "a mount point (another file system), not entered";
		break;
	case SUBTREE_UNREADABLE:
		errno = e->errnum;
		break;
	case SUBTREE_DIR:
		return 0;
	}
	rw->errnum = errno;
	rw->path = path_abbrev(e->path, 240);
	return -1;
}

/* Remove the now-empty parent directories of rel, up to the root. */
static void prune_parents(const char *root, const char *rel)
{
	char *dir = xstrdup(rel), *slash;

	while ((slash = strrchr(dir, '/'))) {
		char *full;
		int gone;

		*slash = '\0';
		full = path_join(root, dir);
		gone = rmdir(full) == 0;
		free(full);
		if (!gone)
			break;
	}
	free(dir);
}

/* After the commit: the kept originals and what was deleted go for good. */
static int clean_up(struct apply *a, struct strbuf *err)
{
	int rc = 0;

	for (size_t i = 0; i < a->n; i++) {
		struct op *o = &a->ops[i];
		struct rm_walk rw = { NULL, 0, NULL };
		struct stat st;
		const char *left = o->kind == OP_EDIT ? o->keep : o->aside;

		if (lstat(left, &st) < 0)
			continue;
		if (subtree_walk(AT_FDCWD, left, rm_entry, &rw) != 0) {
			sb_addf(err, "%s: the removal is complete, but %s is left: %s\n", o->rel,
				rw.path ? rw.path : left,
				rw.what ? rw.what : strerror(rw.path ? rw.errnum : errno));
			free(rw.path);
			rc = -1;
		}
		if (o->kind == OP_DELETE)
			prune_parents(a->root, o->rel);
	}
	if (rc == 0)
		unlink(a->journal);
	return rc;
}

static void add_op(struct apply *a, size_t *cap, enum op_kind kind, const char *rel,
		   const struct plan_file *f)
{
	struct op *o;

	GROW(a->ops, *cap, a->n + 1);
	o = &a->ops[a->n++];
	memset(o, 0, sizeof(*o));
	o->kind = kind;
	o->rel = xstrdup(rel);
	o->dest = path_join(a->root, rel);
	o->aside = beside(o->dest, kind == OP_EDIT ? "new" : "del");
	o->keep = kind == OP_EDIT ? beside(o->dest, "old") : NULL;
	o->f = f;
}

static void release_ops(struct apply *a)
{
	for (size_t i = 0; i < a->n; i++) {
		free(a->ops[i].rel);
		free(a->ops[i].dest);
		free(a->ops[i].aside);
		free(a->ops[i].keep);
	}
	free(a->ops);
	free(a->journal);
}

int plan_apply(struct plan *plan, const struct apply_options *opt, struct strbuf *err)
{
	struct apply a = { .root = plan->root, .opt = opt };
	size_t cap = 0;
	int rc;

	for (size_t i = 0; i < plan->nfiles; i++)
		if (plan_file_changed(plan, &plan->files[i]))
			add_op(&a, &cap, OP_EDIT, plan->files[i].path, &plan->files[i]);
	for (size_t i = 0; i < plan->ndels; i++)
		add_op(&a, &cap, OP_DELETE, plan->dels[i].path, NULL);
	a.journal = path_join(plan->root, JOURNAL);

	/* Signals wait for a point where the apply can stop cleanly. */
	sigemptyset(&a.held);
	for (size_t i = 0; i < ARRAY_SIZE(held_signals); i++)
		sigaddset(&a.held, held_signals[i]);
	pthread_sigmask(SIG_BLOCK, &a.held, &a.saved);

	rc = journal_write(&a, "planned", err);
	if (rc == 0 && do_ops(&a, plan, err) < 0)
		rc = roll_back(&a, err) < 0 ? -2 : -1;
	else if (rc == 0 && journal_write(&a, "committed", err) < 0)
		rc = roll_back(&a, err) < 0 ? -2 : -1;
	else if (rc == 0) {
		/* complete: what is left is reported (the caller prints err), and the next run removes it */
		if (clean_up(&a, err) < 0)
			sb_addf(err, "the journal %s is kept: the next `excise remove` in this tree "
				     "removes what is left\n", JOURNAL);
	} else {
		sb_addf(err, "nothing was changed\n");
	}

	pthread_sigmask(SIG_SETMASK, &a.saved, NULL);   /* a held signal acts now */
	release_ops(&a);
	return rc;
}

/* ---- after a killed run ---- */

/* What plan_recover would do (preview: it writes nothing), into report; returns its return value. */
static int recover_preview(struct apply *a, int committed, struct strbuf *report)
{
	struct stat st;

	if (committed) {
		sb_addf(report, "a removal in this tree was stopped after it was complete: a real run "
				"first finishes its clean-up (%zu operations)\n", a->n);
		return 1;
	}
	sb_addf(report, "a removal in this tree was stopped part way: a real run first restores "
			"the tree as it was before it (%zu operations):\n", a->n);
	for (size_t i = 0; i < a->n; i++) {
		const struct op *o = &a->ops[i];

		if (o->kind == OP_EDIT && lstat(o->keep, &st) == 0)
			sb_addf(report, "  %s: replaced: its original comes back from %s\n", o->rel,
				strrchr(o->keep, '/') + 1);
		else if (o->kind == OP_DELETE && lstat(o->aside, &st) == 0)
			sb_addf(report, "  %s: deleted: it comes back from %s\n", o->rel,
				strrchr(o->aside, '/') + 1);
		else
			sb_addf(report, "  %s: as it was\n", o->rel);
	}
	return 2;
}

int plan_recover(const char *root, int preview, struct strbuf *report, struct strbuf *err)
{
	struct apply a = { .root = root };
	struct strbuf sb = STRBUF_INIT;
	char *line, *save = NULL, *tmp;
	size_t cap = 0;
	int committed, rc = 1;

	a.journal = path_join(root, JOURNAL);
	tmp = xasprintf("%s.tmp", a.journal);
	if (!preview)
		unlink(tmp);   /* a journal never finished: nothing was written after it */
	free(tmp);
	if (read_file(a.journal, &sb) < 0) {
		int e = errno;

		free(a.journal);
		sb_release(&sb);
		if (e == ENOENT)
			return 0;
		sb_addf(err, "%s: cannot read: %s\n", JOURNAL, strerror(e));
		return -1;
	}
	line = strtok_r(sb.buf, "\n", &save);
	if (!line || (strcmp(line, "excise-journal 1 planned") &&
		      strcmp(line, "excise-journal 1 committed"))) {
		sb_addf(err, "%s:1: not a journal excise can read; move it away to go on\n", JOURNAL);
		release_ops(&a);
		sb_release(&sb);
		return -1;
	}
	committed = !strcmp(line, "excise-journal 1 committed");
	for (size_t n = 2; (line = strtok_r(NULL, "\n", &save)); n++) {
		if ((line[0] != 'E' && line[0] != 'D') || line[1] != '\t' || !line[2]) {
			sb_addf(err, "%s:%zu: not a journal line\n", JOURNAL, n);
			release_ops(&a);
			sb_release(&sb);
			return -1;
		}
		add_op(&a, &cap, line[0] == 'E' ? OP_EDIT : OP_DELETE, line + 2, NULL);
	}
	if (preview) {
		rc = recover_preview(&a, committed, report);
	} else if (committed) {
		if (clean_up(&a, err) < 0)
			rc = -1;
		else
			sb_addf(report, "finished the clean-up of a removal that was stopped after it "
					"was complete (%zu operations)\n", a.n);
	} else {
		/* Whatever each operation got to, undo_op puts it back from its state. */
		for (size_t i = 0; i < a.n; i++) {
			struct op *o = &a.ops[i];
			struct stat st;

			if (o->kind == OP_EDIT)
				o->state = lstat(o->keep, &st) == 0 ? ST_DONE : ST_WRITTEN;
			else
				o->state = lstat(o->aside, &st) == 0 ? ST_DONE : ST_NONE;
		}
		if (roll_back(&a, err) < 0) {
			rc = -1;
		} else {
			sb_reset(err);
			sb_addf(report, "restored the tree as it was before a removal that was "
					"stopped part way (%zu operations)\n", a.n);
		}
	}
	release_ops(&a);
	sb_release(&sb);
	return rc;
}

int plan_lock(const char *root, struct strbuf *err)
{
	int fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0) {
		sb_addf(err, "%s: %s\n", root, strerror(errno));
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		sb_addf(err, "%s: another excise run is working on this tree (%s)\n", root,
			errno == EWOULDBLOCK ? "it holds the lock" : strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

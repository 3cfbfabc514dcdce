/*
 * init.c - /init of the initramfs that scripts/boot.sh boots.
 *
 * Build: make build/boot/init  (static; C11; no library beyond libc)
 *
 * What it does, in order:
 *   1. mounts proc on /proc, sysfs on /sys and devtmpfs on /dev (creating
 *      the directories if needed) and, when the kernel gave it no console,
 *      opens /dev/console;
 *   2. prints /proc/version, /proc/filesystems and /proc/misc to the
 *      console, each after a line "excise-boot: ==> FILE <==";
 *   3. runs the checks given on the kernel command line, one line each
 *      ("excise-boot: ok ..." or "excise-boot: FAILED ...");
 *   4. prints exactly one result line, in one write:
 *          EXCISE-BOOT: PASS
 *          EXCISE-BOOT: FAIL <reason>[; <reason>]...
 *   5. syncs and reboots (reboot(RB_AUTOBOOT)); qemu -no-reboot then exits.
 *      It never exits by itself, which would panic the kernel.
 *
 * Kernel command line.  The parameters are read from /proc/cmdline, since
 * the kernel does not pass parameters with a dot in their name to init.
 *
 *   excise.expect=SPEC   a check; repeat the parameter for more checks.
 *                        SPEC is KIND:NAME (NAME must be there) or
 *                        !KIND:NAME (NAME must not be there):
 *       fs:NAME      a filesystem type listed in /proc/filesystems
 *       misc:NAME    a misc device listed in /proc/misc
 *       slab:NAME    a slab cache listed in /proc/slabinfo
 *       file:PATH    PATH exists (lstat), e.g. file:/sys/fs/ext4
 *       log:TEXT     TEXT occurs in the kernel log (as dmesg shows it; lines
 *                    naming excise.* parameters, the command line, do not count)
 *                    NAME and PATH must match exactly; TEXT is a substring.
 *                    A value with spaces needs double quotes around the
 *                    whole parameter: "excise.expect=log:foo bar".
 *                    A file that cannot be read fails the check, whether
 *                    it asks for presence or absence.
 *   excise.hang          do 1-3 and then hang without a result line (to test
 *                        the harness's timeout).
 *   excise.nomount       skip the mounts of step 1 except /proc (for tests
 *                        of the init itself; not needed normally).
 *
 * Any other parameter starting with "excise." is a FAIL, so that a typo
 * cannot pass silently.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#define PREFIX "excise-boot: "
#define MAX_PARAMS 256
#define REASONS_MAX 4096

/* The reasons for failure, joined by "; ". */
static char reasons[REASONS_MAX];

static void write_all(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, buf, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return;
		}
		buf += n;
		len -= (size_t)n;
	}
}

/* One formatted line on the console, written at once. */
__attribute__((format(printf, 1, 2)))
static void say(const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n > sizeof(line) - 2)
		n = (int)sizeof(line) - 2;
	line[n++] = '\n';
	write_all(STDOUT_FILENO, line, (size_t)n);
}

__attribute__((format(printf, 1, 2)))
static void fail(const char *fmt, ...)
{
	size_t used = strlen(reasons);
	va_list ap;

	if (used > 0 && used + 2 < sizeof(reasons)) {
		memcpy(reasons + used, "; ", 3);
		used += 2;
	}
	if (used + 1 >= sizeof(reasons))
		return;
	va_start(ap, fmt);
	vsnprintf(reasons + used, sizeof(reasons) - used, fmt, ap);
	va_end(ap);
	say(PREFIX "FAILED %s", reasons + used);
}

/* The whole of a (proc) file, NUL-terminated; NULL with errno on failure. */
static char *slurp(const char *path)
{
	size_t cap = 4096, len = 0;
	char *buf;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	buf = malloc(cap);
	for (;;) {
		ssize_t n;

		if (!buf)
			break;
		if (cap - len < 2) {
			char *bigger = realloc(buf, cap * 2);
			if (!bigger) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = bigger;
			cap *= 2;
		}
		n = read(fd, buf + len, cap - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;
			free(buf);
			buf = NULL;
			errno = e;
			break;
		}
		if (n == 0) {
			buf[len] = '\0';
			break;
		}
		len += (size_t)n;
	}
	close(fd);
	if (!buf && errno == 0)
		errno = ENOMEM;
	return buf;
}

static void show_file(const char *path)
{
	char *text = slurp(path);

	say(PREFIX "==> %s <==", path);
	if (!text) {
		say(PREFIX "cannot read %s: %s", path, strerror(errno));
		return;
	}
	if (text[0] == '\0')
		say(PREFIX "(empty)");
	else {
		size_t len = strlen(text);
		write_all(STDOUT_FILENO, text, len);
		if (text[len - 1] != '\n')
			write_all(STDOUT_FILENO, "\n", 1);
	}
	free(text);
}

static void mount_one(const char *source, const char *target, const char *type)
{
	if (mkdir(target, 0755) < 0 && errno != EEXIST) {
		fail("mkdir %s: %s", target, strerror(errno));
		return;
	}
	if (mount(source, target, type, MS_NOSUID | MS_NOEXEC, NULL) < 0 && errno != EBUSY)
		fail("mount %s on %s: %s", type, target, strerror(errno));
}

/*
 * Does the word NAME appear as field FIELD (0-based; -1: the last) of some
 * line of TEXT, from line SKIP on?  Fields are separated by blanks.
 */
static bool has_field(const char *text, int skip, int field, const char *name)
{
	size_t nlen = strlen(name);
	const char *line = text;

	for (int lineno = 0; *line; lineno++) {
		const char *end = strchr(line, '\n');
		const char *p = line, *match = NULL;
		size_t mlen = 0;

		if (!end)
			end = line + strlen(line);
		for (int f = 0; p < end; f++) {
			const char *w;

			while (p < end && (*p == ' ' || *p == '\t'))
				p++;
			if (p == end)
				break;
			w = p;
			while (p < end && *p != ' ' && *p != '\t')
				p++;
			if (f == field || field < 0) {
				match = w;
				mlen = (size_t)(p - w);
				if (field >= 0)
					break;
			}
		}
		if (lineno >= skip && match && mlen == nlen && memcmp(match, name, nlen) == 0)
			return true;
		line = *end ? end + 1 : end;
	}
	return false;
}

static char *kernel_log(void)
{
	int size = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0);
	char *buf;
	int n;

	if (size <= 0)
		size = 1 << 17;
	buf = malloc((size_t)size + 1);
	if (!buf)
		return NULL;
	n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, size);
	if (n < 0) {
		int e = errno;
		free(buf);
		errno = e;
		return NULL;
	}
	buf[n] = '\0';
	/*
	 * The kernel logs its command line ("Kernel command line: ...",
	 * "Unknown kernel command line parameters ..."), and with it the
	 * checks themselves: log:TEXT would always find TEXT there.  Lines
	 * naming excise's parameters are blanked out.
	 */
	for (char *line = buf; *line;) {
		char *end = strchr(line, '\n');
		char *hit = strstr(line, "excise.");

		if (!end)
			end = line + strlen(line);
		if (hit && hit < end)
			memset(line, ' ', (size_t)(end - line));
		line = *end ? end + 1 : end;
	}
	return buf;
}

/* A table of the kinds of check that look a name up in a proc file. */
struct listing {
	const char *kind;
	const char *path;
	int skip;       /* header lines */
	int field;      /* which field is the name; -1 the last */
};

static const struct listing listings[] = {
	{ "fs", "/proc/filesystems", 0, -1 },   /* "nodev\tproc" or "\text4" */
	{ "misc", "/proc/misc", 0, 1 },         /* "%3i %s" */
	{ "slab", "/proc/slabinfo", 2, 0 },     /* two header lines */
};

static void check(const char *spec)
{
	bool want = true, found;
	const char *colon, *name;
	char kind[16];
	size_t klen;

	if (*spec == '!') {
		want = false;
		spec++;
	}
	colon = strchr(spec, ':');
	if (!colon || colon == spec || colon[1] == '\0' || (size_t)(colon - spec) >= sizeof(kind)) {
		fail("bad excise.expect '%s' (want [!]KIND:NAME)", spec);
		return;
	}
	klen = (size_t)(colon - spec);
	memcpy(kind, spec, klen);
	kind[klen] = '\0';
	name = colon + 1;

	for (size_t i = 0; i < sizeof(listings) / sizeof(listings[0]); i++) {
		const struct listing *l = &listings[i];
		char *text;

		if (strcmp(kind, l->kind) != 0)
			continue;
		text = slurp(l->path);
		if (!text) {
			fail("%s%s:%s: cannot read %s: %s", want ? "" : "!", kind, name,
			     l->path, strerror(errno));
			return;
		}
		found = has_field(text, l->skip, l->field, name);
		free(text);
		if (found == want)
			say(PREFIX "ok %s%s:%s (%s in %s)", want ? "" : "!", kind, name,
			    found ? "listed" : "not listed", l->path);
		else
			fail("%s%s:%s: %s %s", want ? "" : "!", kind, name,
			     found ? "unexpectedly listed in" : "not listed in", l->path);
		return;
	}

	if (strcmp(kind, "file") == 0) {
		struct stat st;

		found = lstat(name, &st) == 0;
		if (!found && errno != ENOENT && errno != ENOTDIR) {
			fail("%sfile:%s: %s", want ? "" : "!", name, strerror(errno));
			return;
		}
		if (found == want)
			say(PREFIX "ok %sfile:%s (%s)", want ? "" : "!", name,
			    found ? "exists" : "does not exist");
		else
			fail("%sfile:%s: %s", want ? "" : "!", name,
			     found ? "exists" : "does not exist");
		return;
	}

	if (strcmp(kind, "log") == 0) {
		char *log = kernel_log();

		if (!log) {
			fail("%slog:%s: cannot read the kernel log: %s", want ? "" : "!", name,
			     strerror(errno));
			return;
		}
		found = strstr(log, name) != NULL;
		free(log);
		if (found == want)
			say(PREFIX "ok %slog:%s (%s)", want ? "" : "!", name,
			    found ? "in the kernel log" : "not in the kernel log");
		else
			fail("%slog:%s: %s", want ? "" : "!", name,
			     found ? "unexpectedly in the kernel log" : "not in the kernel log");
		return;
	}

	fail("bad excise.expect '%s%s': unknown kind '%s' (fs, misc, slab, file, log)",
	     want ? "" : "!", spec, kind);
}

/*
 * Split the command line into parameters, in place.  Blanks separate them;
 * double quotes group blanks into one and are removed.
 */
static int split_cmdline(char *s, char **params, int max)
{
	int n = 0;

	for (;;) {
		char *out;
		bool quoted = false;

		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		if (*s == '\0' || n == max)
			return n;
		params[n++] = out = s;
		for (; *s; s++) {
			if (*s == '"') {
				quoted = !quoted;
				continue;
			}
			if (!quoted && (*s == ' ' || *s == '\t' || *s == '\n'))
				break;
			*out++ = *s;
		}
		if (*s)
			s++;
		*out = '\0';
	}
}

static void finish(void)
{
	char line[sizeof(reasons) + 32];
	int n;

	if (reasons[0] == '\0')
		n = snprintf(line, sizeof(line), "EXCISE-BOOT: PASS\n");
	else
		n = snprintf(line, sizeof(line), "EXCISE-BOOT: FAIL %s\n", reasons);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof(line)) {
		n = (int)sizeof(line) - 1;
		line[n - 1] = '\n';
	}
	/* Let the kernel's messages so far drain first: one clean line. */
	usleep(100 * 1000);
	write_all(STDOUT_FILENO, line, (size_t)n);
}

static void hang(void)
{
	for (;;)
		pause();
}

int main(void)
{
	char *cmdline, *params[MAX_PARAMS];
	bool do_hang = false, mounts = true;
	int nparams;

	/* No console from the kernel (no /dev/console in the initramfs)? */
	if (fcntl(STDOUT_FILENO, F_GETFD) < 0) {
		int fd;

		mkdir("/dev", 0755);
		mount("devtmpfs", "/dev", "devtmpfs", MS_NOSUID, NULL);
		fd = open("/dev/console", O_RDWR);
		if (fd >= 0) {
			dup2(fd, STDIN_FILENO);
			dup2(fd, STDOUT_FILENO);
			dup2(fd, STDERR_FILENO);
			if (fd > STDERR_FILENO)
				close(fd);
		}
	}

	say(PREFIX "init started (pid %d)", (int)getpid());
	mount_one("proc", "/proc", "proc");

	cmdline = slurp("/proc/cmdline");
	if (!cmdline) {
		fail("cannot read /proc/cmdline: %s", strerror(errno));
		nparams = 0;
	} else {
		nparams = split_cmdline(cmdline, params, MAX_PARAMS);
	}
	for (int i = 0; i < nparams; i++) {
		if (strcmp(params[i], "excise.hang") == 0)
			do_hang = true;
		else if (strcmp(params[i], "excise.nomount") == 0)
			mounts = false;
	}
	if (mounts) {
		mount_one("sysfs", "/sys", "sysfs");
		mount_one("devtmpfs", "/dev", "devtmpfs");
	}

	show_file("/proc/version");
	show_file("/proc/filesystems");
	show_file("/proc/misc");

	for (int i = 0; i < nparams; i++) {
		const char *p = params[i];

		if (strncmp(p, "excise.", 7) != 0)
			continue;
		if (strncmp(p, "excise.expect=", 14) == 0)
			check(p + 14);
		else if (strcmp(p, "excise.hang") != 0 && strcmp(p, "excise.nomount") != 0)
			fail("unknown parameter '%s'", p);
	}

	if (do_hang) {
		say(PREFIX "hanging on request (excise.hang)");
		hang();
	}

	show_file("/proc/uptime");
	finish();
	sync();
	reboot(RB_AUTOBOOT);
	say(PREFIX "reboot: %s", strerror(errno));
	hang();
	return 0;
}

# scripts/lib.sh - sourced by the scripts that build out of tree.  The caller
# sets $me (its name, for messages).

# clean_source_tree DIR: the absolute, symlink-free path of DIR, a Linux
# source tree never configured or built in place (out-of-tree builds refuse
# such a tree); otherwise a message and exit 2.
clean_source_tree() {
	local t
	[ -d "$1" ] || { echo "$me: $1: no such directory" >&2; exit 2; }
	t=$(cd "$1" && pwd -P)
	[ -f "$t/Makefile" ] && [ -f "$t/Kconfig" ] && [ -d "$t/arch/x86" ] || {
		echo "$me: $t does not look like a Linux source tree (no Makefile, Kconfig or arch/x86)" >&2
		exit 2
	}
	if [ -e "$t/.config" ] || [ -d "$t/include/config" ]; then
		echo "$me: $t has been configured or built in place (.config or include/config exists);" \
			"out-of-tree builds need a clean source tree" >&2
		exit 2
	fi
	echo "$t"
}

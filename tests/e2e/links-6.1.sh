#!/usr/bin/env bash
# Link residue on the real 6.1 tree:
#   - excise remove SLOB and excise remove drivers/net/ethernet/intel/ixgb
#     (without the semantic patches) are written without --force: no kept
#     code uses a definition they delete (SLOB's functions are all defined
#     by slab/slub too; ixgb's are used only inside the driver), and
#     excise check --only links passes on the result;
#   - negative control: a kept caller of a deleted ixgb function, injected
#     into e1000 (built whenever E1000 is), makes check fail at links,
#     naming the function and the file, and makes remove refuse (exit 2,
#     nothing written) on a tree where the caller was there before;
#   - --with-users: DAVINCI_AINTC's davinci_aintc_init() is called by the
#     DM355 and DM365 SoC files, whose options select it: remove refuses
#     (exit 2, nothing written), and with --with-users takes
#     ARCH_DAVINCI_DM355 and ARCH_DAVINCI_DM365 along (upstream removed
#     them too), with their dependents (with the semantic patches: they
#     take the prototypes of cppi_dma.c's functions out of musb_dma.h);
#     check --with-users passes (residue
#     and links) on that, and fails on the same removal written with
#     --force and no users (negative control).
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
pristine=$(pristine)

for case in SLOB:SLOB ixgb:drivers/net/ethernet/intel/ixgb; do
	name=${case%%:*} target=${case#*:}
	a=$(workcopy "links-$name")
	EXCISE_TIMES=1 "$EXCISE" remove --no-cocci -C "$a" "$target" > "$a.out" 2> "$a.err" ||
		{ cat "$a.out" "$a.err"; fail "$name: remove refused or failed"; }
	grep 'link residue' "$a.out" && fail "$name: link residue reported"
	echo "result: $name: $(grep '^excise: links' "$a.err")"
	grep 'kept user' "$a.out" | sed 's/^ */result: '"$name"': /'
	"$EXCISE" check -C "$a" --before "$pristine" --only links "$target" > "$a.check" ||
		{ cat "$a.check"; fail "$name: check --only links failed"; }
	echo "result: $name: $(grep '^check links' "$a.check")"
	if [ "$name" = ixgb ]; then
		# Negative control: a kept caller of ixgb_up, whose file went.
		f=$a/drivers/net/ethernet/intel/e1000/e1000_main.c
		{ cat "$f"; printf '\nint ixgb_up(void *adapter);\nint e1000_excise_probe(void *p)\n{\n\treturn ixgb_up(p);\n}\n'; } > "$f.new" &&
			mv "$f.new" "$f"
		"$EXCISE" check -C "$a" --before "$pristine" --only links "$target" > "$a.check" &&
			fail "ixgb: check --only links passed with a kept caller of ixgb_up"
		grep -q 'link residue: drivers/net/ethernet/intel/e1000/e1000_main.c:[0-9]*: calls ixgb_up()' "$a.check" ||
			{ cat "$a.check"; fail "ixgb: check did not name the caller of ixgb_up"; }
		echo "result: ixgb negative control: $(grep 'link residue' "$a.check")"

		# The same caller before the removal: remove refuses and writes nothing.
		b=$(workcopy links-ixgb-b)
		f=$b/drivers/net/ethernet/intel/e1000/e1000_main.c
		{ cat "$f"; printf '\nint ixgb_up(void *adapter);\nint e1000_excise_probe(void *p)\n{\n\treturn ixgb_up(p);\n}\n'; } > "$f.new" &&
			mv "$f.new" "$f"
		cp "$f" "$b.saved"
		"$EXCISE" remove --no-cocci -C "$b" "$target" > "$b.out" 2> "$b.err"; rc=$?
		[ $rc = 2 ] || { cat "$b.err"; fail "ixgb: remove with a kept caller exits $rc, not 2"; }
		grep -q 'e1000_main.c:[0-9]*: calls ixgb_up()' "$b.err" || { cat "$b.err"; fail "ixgb: refusal does not name the caller"; }
		grep -q 'nothing was changed' "$b.err" || fail "ixgb: refusal does not say nothing was changed"
		[ -d "$b/drivers/net/ethernet/intel/ixgb" ] || fail "ixgb: the refused removal deleted the driver"
		echo "result: ixgb refused: $(grep -m1 'ixgb_up' "$b.err")"
		rm -rf "$b" "$b".*
	fi
	rm -rf "$a" "$a".*
done

# --with-users on a real removal: the SoCs that select the interrupt controller and call it.
a=$(workcopy links-aintc)
"$EXCISE" remove --no-cocci -C "$a" DAVINCI_AINTC > "$a.out" 2> "$a.err"; rc=$?
[ $rc = 2 ] || { cat "$a.err"; fail "DAVINCI_AINTC: remove without --with-users exits $rc, not 2"; }
grep -q 'dm355.c:[0-9]*: calls davinci_aintc_init()' "$a.err" || { cat "$a.err"; fail "DAVINCI_AINTC: refusal does not name dm355.c"; }
[ -f "$a/drivers/irqchip/irq-davinci-aintc.c" ] || fail "DAVINCI_AINTC: the refused removal deleted the driver"
"$EXCISE" remove --with-users -C "$a" DAVINCI_AINTC > "$a.out" 2> "$a.err" ||
	{ cat "$a.out" "$a.err"; fail "DAVINCI_AINTC --with-users: remove refused or failed"; }
grep '^  link residue:' "$a.out" && fail "DAVINCI_AINTC --with-users: link residue reported"
for sym in ARCH_DAVINCI_DM355 ARCH_DAVINCI_DM365; do
	grep -q "dependent: $sym: a kept user of the removed code (--with-users): it selected DAVINCI_AINTC" "$a.out" ||
		{ cat "$a.out"; fail "DAVINCI_AINTC --with-users: $sym not taken along"; }
done
[ ! -e "$a/arch/arm/mach-davinci/dm355.c" ] || fail "DAVINCI_AINTC --with-users: dm355.c is still there"
"$EXCISE" check -C "$a" --before "$pristine" --with-users --only residue --only links DAVINCI_AINTC > "$a.check" ||
	{ cat "$a.check"; fail "DAVINCI_AINTC --with-users: check --with-users --only residue,links failed"; }
echo "result: DAVINCI_AINTC --with-users: $(grep -c '^  dependent:' "$a.out") dependents, $(grep '^check links' "$a.check")"
echo "result: DAVINCI_AINTC --with-users: $(grep '^check residue' "$a.check")"
rm -rf "$a" "$a".*

# Negative control: the same removal written with --force, without the
# users: check --with-users finds what the users left (ARCH_DAVINCI_DM355
# in Kconfig, Makefiles and defconfigs).
b=$(workcopy links-aintc-force)
"$EXCISE" remove --no-cocci --force -C "$b" DAVINCI_AINTC > "$b.out" 2> "$b.err" ||
	{ cat "$b.err"; fail "DAVINCI_AINTC --force: remove failed"; }
"$EXCISE" check -C "$b" --before "$pristine" --with-users --only residue DAVINCI_AINTC > "$b.check" &&
	{ cat "$b.check"; fail "DAVINCI_AINTC --force: check --with-users passed with the users left"; }
grep -q 'residue: .*DAVINCI_DM355' "$b.check" || { cat "$b.check"; fail "DAVINCI_AINTC --force: check does not name ARCH_DAVINCI_DM355"; }
echo "result: DAVINCI_AINTC --force, negative control: $(grep '^check residue' "$b.check")"
rm -rf "$b" "$b".*

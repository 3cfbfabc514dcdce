#!/usr/bin/perl
# A stand-in for the kernel's script (tests only): run from the top of a tree
# on one patch, it prints each section's people and lists whose F: pattern is a
# prefix of a patched path, with get_maintainer.pl's roles ("(maintainer:S)",
# "(obsolete minder:S)", "(reviewer:S)", "(open list:S)", a long one cut short
# without its ')'); K: patterns match
# the whole patch text, as the real script's do, unless --nokeywords.
use strict;
-f "MAINTAINERS" && -f "scripts/get_maintainer.pl" or die "not at the top of a kernel tree\n";
my ($mpath, $keywords, @patches, %seen) = (undef, 1);
while (@ARGV) {
	my $a = shift;
	if ($a eq '--mpath') { $mpath = shift } elsif ($a eq '--nokeywords') { $keywords = 0 }
	elsif ($a !~ /^--/) { push @patches, $a }
}
@patches == 1 or die "one patch at a time here\n";
open(my $f, '<', $patches[0]) or die "$patches[0]: $!\n";
my $text = do { local $/; <$f> };
my @paths = ($text =~ m{^diff --git a/(\S+)}mg);
my %status = (Maintained => 'maintainer', Obsolete => 'obsolete minder', Supported => 'supporter');
open(my $m, '<', $mpath) or die "$mpath: $!\n";
my @sections = split /\n\n+/, do { local $/; <$m> };
for my $s (@sections) {
	my ($title) = $s =~ /^(.*)/;
	my ($st) = $s =~ /^S:\s*(.*)$/m;
	my $hit = 0;
	for my $pat ($s =~ /^F:\s*(\S+)/mg) { $hit ||= grep { index($_, $pat) == 0 } @paths }
	for my $k ($s =~ /^K:\s*(\S+)/mg) { $hit ||= $keywords && $text =~ /$k/ }
	next unless $hit;
	for (split /\n/, $s) {
		my $line;
		$line = "$1 (" . ($status{$st} // 'maintainer') . ":$title)" if /^M:\s*(.*)/;
		$line = "$1 (reviewer:$title)" if /^R:\s*(.*)/;
		$line = "$1 (open list:$title)" if /^L:\s*(.*)/;
		# as the real script, a long role is cut short, without its ')'
		$line =~ s/^(.*? \(.{40}).*\)$/$1/ if $line;
		print "$line\n" if $line && !$seen{$line}++;
	}
}

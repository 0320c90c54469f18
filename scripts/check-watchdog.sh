#!/usr/bin/env bash
# Every test runs under the watchdog that ends a hung `swift test` naming its unfinished tests
# (Sources/WakefulTestSupport/HangWatchdog.swift): each `@Suite` carries `.watchdog`, and every
# file with a `@Test` declares its suite. The two README examples in
# Tests/WakefulTestingTests/Documentation are free functions as the README shows them, and compute
# only, so they cannot wait on anything.
#
#   scripts/check-watchdog.sh     lists each suite without it and fails
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -d '' files < <(git ls-files -z --cached --others --exclude-standard -- 'Tests/*.swift' ':!:Tests/**/Fixtures/**' ':!:Tests/WakefulTestingTests/Documentation/**')
perl -0777 -ne '
    my $file = $ARGV;
    my $suites = 0;
    while (/\@Suite\b(\((?:[^()"]++|"(?:[^"\\]|\\.)*+"|(?1))*\))?/g) {
        $suites++;
        my $arguments = $1 // "";
        next if $arguments =~ /\.watchdog\b/;
        my $line = 1 + (() = substr($_, 0, pos) =~ /\n/g);
        print "$file:$line: a \@Suite without .watchdog\n";
        $bad = 1;
    }
    if ($suites == 0 && /\@Test\b/) { print "$file: \@Test outside a \@Suite(.watchdog)\n"; $bad = 1 }
    END { exit($bad ? 1 : 0) }
' "${files[@]}" || { echo "check-watchdog: add .watchdog (import WakefulTestSupport) to the suites above" >&2; exit 1; }
echo "check-watchdog: every suite runs under the watchdog"

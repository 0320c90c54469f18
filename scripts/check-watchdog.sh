#!/usr/bin/env bash
# Every test runs under the watchdog that ends a hung `swift test` naming its unfinished tests
# (Sources/WakefulTestSupport/HangWatchdog.swift): each `@Suite` carries `.watchdog`, and every
# file with a `@Test` declares its suite. A file whose suite computes (`.cpuBound`) has no
# `.timeLimit` or `.hangLimit`: Swift Testing counts a test's wait for a CPU-bound thread against
# its limit, so on a busy machine such a test failed for waiting its turn; the watchdog's idle rule
# is its hang detector. The examples of the README and of WakefulTesting's landing page in
# Tests/WakefulTestingTests/Documentation are free functions as the docs show them, and compute
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
    if (/\.cpuBound\b/ && /\.(?:timeLimit|hangLimit)\b/) {
        print "$file: a computing (.cpuBound) suite with a time limit, which counts its wait for a thread\n";
        $bad = 1;
    }
    END { exit($bad ? 1 : 0) }
' "${files[@]}" || { echo "check-watchdog: add .watchdog (import WakefulTestSupport) to the suites above, and drop the time limit of a .cpuBound one" >&2; exit 1; }
echo "check-watchdog: every suite runs under the watchdog"

#!/usr/bin/env bash
# The formatter's check: every Swift file laid out as `.swift-format` says (4-space indents, lines
# of at most 120 columns where a line can be broken). The rules beyond layout are off: the code
# review and the compiler's warnings cover them. The check also runs scripts/check-watchdog.sh: every
# test suite carries the watchdog that ends a hung run.
#
#   scripts/lint.sh          (CI) lists every file that differs and fails
#   scripts/lint.sh --fix    rewrites the files in place
set -euo pipefail
cd "$(dirname "$0")/.."
# Every tracked Swift file but the test fixtures and the doctor's sample app: those are other
# people's code as doctor reads it, and their findings name lines that must not move.
mapfile -d '' files < <(git ls-files -z --cached --others --exclude-standard -- '*.swift' ':!:Tests/**/Fixtures/**' ':!:Examples/DoctorSample/**')
case "${1:-check}" in
check)
    swift format lint --strict --parallel --configuration .swift-format "${files[@]}"
    echo "lint: every Swift file is formatted as .swift-format says"
    scripts/check-watchdog.sh
    ;;
--fix)
    swift format format --in-place --parallel --configuration .swift-format "${files[@]}"
    ;;
*)
    echo "usage: scripts/lint.sh [--fix]" >&2
    exit 64
    ;;
esac

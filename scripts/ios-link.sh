#!/usr/bin/env bash
# Link the demo app that scripts/ios-build.sh compiled into an arm64 iOS executable, on a machine
# without Xcode, and assemble WakefulDemo.app and an unsigned WakefulDemo.ipa; fail on any link
# warning or undefined symbol. scripts/ios-build.sh runs it as its last step.
#
#   scripts/ios-link.sh SDK        SDK: the iPhoneOS*.sdk folder scripts/ios-build.sh compiled
#                                  against, with its .tbd link stubs (scripts/ios-sdk.sh keeps them)
#
# Inputs, from .build/ios-build: the objects of swift-log's Logging, GRDB, Wakeful, WakefulStore,
# WakefulApple and of the demo as a new Xcode 26 project compiles it (the xcode26 variant), and
# scripts/ios-link-runtime.c, compiled here: what Xcode's toolchain would add to the link.
#
# The link: the toolchain's ld64.lld against the SDK's stubs (frameworks, libSystem, the Swift
# runtime in usr/lib/swift, libsqlite3 for GRDB), -platform_version ios <floor> <SDK>, -dead_strip,
# entry point main, rpaths /usr/lib/swift and @executable_path/Frameworks, an ad-hoc code
# signature. It runs twice: first without this script's additions, to list what the SDK's stubs
# leave undefined; then with them, and any symbol still undefined fails the step.
#
# Outputs in .build/ios-build: link-report.txt (every imported symbol and the library it binds to,
# and how each symbol the SDK's stubs left undefined was resolved), WakefulDemo.ipa (Payload/
# WakefulDemo.app: the executable, Info.plist, PkgInfo); link/ holds the intermediate files.
# Signing needs an Apple certificate and provisioning profile, so it is left to the user (README,
# "Building for iOS without a Mac").
set -euo pipefail

usage() { echo "usage: scripts/ios-link.sh SDK   (the iPhoneOS*.sdk that scripts/ios-build.sh compiled against)" >&2; exit 2; }
[ $# -eq 1 ] || usage
[ -f "$1/SDKSettings.json" ] || { echo "ios-link: $1 is not an SDK (no SDKSettings.json)" >&2; exit 1; }
sdk=$(cd "$1" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
SECONDS=0

fail() { echo "ios-link: $*" >&2; exit 1; }

if ! command -v ld64.lld >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/ld64.lld ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
for tool in ld64.lld clang llvm-objdump llvm-nm plutil swift-demangle; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool is not on PATH; it comes with the Swift toolchain"
done

cache=$root/.build/ios-build
work=$cache/link
report=$cache/link-report.txt
rm -rf "$work" "$report" "$cache/WakefulDemo.ipa"
mkdir -p "$work/objects" "$work/stubs"

# --- the SDK ---------------------------------------------------------------------------------
[ -f "$sdk/usr/lib/libSystem.tbd" ] || fail "$sdk has no link stubs (usr/lib/libSystem.tbd): it was extracted without them; extract it again with scripts/ios-sdk.sh, which keeps them"
sdk_version=$(grep -o '"Version" *: *"[0-9.]*"' "$sdk/SDKSettings.json" | head -n 1 | sed 's/.*"\([0-9.]*\)"$/\1/')
[ -n "$sdk_version" ] || fail "$sdk/SDKSettings.json has no Version"
# The floor (MinimumOSVersion) is the SDK's major release. The mirror's stubs describe the libraries
# of iOS 26.2 and, unlike Apple's, carry no $ld$previous entries, which bind a symbol to the library
# that held it in an older release when the deployment target is older. Linked against them for
# iOS 17, the demo binds CLLocation to _LocationEssentials and (with the package's settings)
# Darwin's stderr to libswift_DarwinFoundation2, the Swift 6.2 split of the Darwin overlay:
# libraries older releases may not have. The objects stay compiled for iOS 15 and 17
# (scripts/ios-build.sh), so those deployment targets are still checked at compile time.
floor=${sdk_version%%.*}.0
floor_encoded=$(( ${floor%%.*} << 16 ))

# --- the objects -----------------------------------------------------------------------------
objects=("$cache/modules/Logging.o" "$cache/modules/GRDB.o" "$cache/out/Wakeful.o" "$cache/out/WakefulStore.o"
    "$cache/out/WakefulApple.o" "$cache/out/demo-xcode26/WakefulDemo.o")
for object in "${objects[@]}"; do
    [ -f "$object" ] || fail "no $object: run scripts/ios-build.sh first"
done
runtime=$work/ios-link-runtime.o
clang -target "arm64-apple-ios$floor" -isysroot "$sdk" -std=c11 -Wall -Wextra -Werror -O2 \
    -c scripts/ios-link-runtime.c -o "$runtime"

# The toolchain's ld64.lld (swiftlang's fork of LLVM) refuses every input that names a platform in
# an LC_BUILD_VERSION command ("This version of lld does not support linking for platform iOS"),
# a check upstream LLVM's lld does not have. So it links copies in which that command is an LC_UUID
# of zeros (the same 24 bytes; the linker ignores an object's UUID), after this function has checked
# what lld checks there: platform iOS, and a minimum no newer than the link's. The executable's own
# LC_BUILD_VERSION comes from -platform_version.
#   without_platform OBJECT COPY
without_platform() {
    local ncmds offset=32 i cmd size platform minos found=0
    [ "$(od -A n -t x4 -N 4 "$1" | tr -d ' ')" = feedfacf ] || fail "$1 is not a 64-bit Mach-O object"
    cp "$1" "$2"
    ncmds=$(od -A n -t u4 -j 16 -N 4 "$1" | tr -d ' ')
    for ((i = 0; i < ncmds; i++)); do
        read -r cmd size platform minos < <(od -A n -t u4 -j "$offset" -N 16 "$1")
        if [ "$cmd" -eq 50 ]; then  # LC_BUILD_VERSION
            [ "$platform" -eq 2 ] || fail "$1 is built for platform $platform, not iOS (2)"
            [ "$minos" -le "$floor_encoded" ] || fail "$1 is built for a newer iOS than $floor"
            [ "$size" -eq 24 ] || fail "$1's LC_BUILD_VERSION lists build tools ($size bytes); teach without_platform to blank them"
            { printf '\033\000\000\000\030\000\000\000'; head -c 16 /dev/zero; } \
                | dd of="$2" bs=1 seek="$offset" conv=notrunc 2>/dev/null
            found=1
        fi
        offset=$((offset + size))
    done
    [ "$found" -eq 1 ] || fail "$1 has no LC_BUILD_VERSION"
}
inputs=()
for object in "${objects[@]}" "$runtime"; do
    without_platform "$object" "$work/objects/$(basename "$object")"
    inputs+=("$work/objects/$(basename "$object")")
done
runtime_input=${inputs[${#inputs[@]} - 1]}
swift_inputs=("${inputs[@]:0:${#inputs[@]} - 1}")

# --- stubs the SDK lacks or holds incomplete -------------------------------------------------
# Completed from what the link asks of them, in $work/stubs, a second -syslibroot searched before
# the SDK's. Each: the module as symbols name it, the stub's path, the umbrella re-exporting it.
#   SwiftUICore  absent from the mirror (its blob was not stored). SwiftUI re-exports it, so the
#                linker needs it to exist; the symbols with SwiftUI's ABI name that SwiftUI's stub
#                does not list are SwiftUICore's, bound through SwiftUI as for any app (apps are not
#                among SwiftUICore's allowed clients, so they never load it directly).
#   Network      lists Network's C functions but none of its Swift API (NWPathMonitor, NWPath …),
#                which iOS 26 has in Network.framework itself.
#   CryptoKit    lists only its version symbols, none of its Swift API (Curve25519.Signing …, the
#                configuration verifier's), which iOS 13+ has in CryptoKit.framework itself.
#   ActivityKit  lists its Objective-C classes but none of its Swift API (Activity, ActivityContent,
#                PushType …), which is in ActivityKit.framework itself.
# A stub is completed only when the SDK's is absent or names no Swift symbol of the module, and only
# with symbols of that module; Xcode's SDK needs none of this.
completions=(
    "SwiftUI System/Library/Frameworks/SwiftUICore.framework/SwiftUICore SwiftUI"
    "Network System/Library/Frameworks/Network.framework/Network -"
    "CryptoKit System/Library/Frameworks/CryptoKit.framework/CryptoKit -"
    "ActivityKit System/Library/Frameworks/ActivityKit.framework/ActivityKit -"
)
mangled() { echo "${#1}$1"; }  # a module's name as Swift symbols spell it: 7SwiftUI
incomplete=()
for entry in "${completions[@]}"; do
    read -r module path umbrella <<< "$entry"
    if [ ! -f "$sdk/$path.tbd" ]; then
        incomplete+=("$entry absent")
    elif ! grep -q -F "_\$s$(mangled "$module")" "$sdk/$path.tbd"; then
        incomplete+=("$entry incomplete")
    fi
done

# A stub in the tbd-v4 text format: install name, symbols file, umbrella or -.
new_stub() {
    echo "--- !tapi-tbd"
    echo "tbd-version:     4"
    echo "targets:         [ arm64-ios ]"
    echo "install-name:    '/$1'"
    if [ "$3" != - ]; then
        printf 'parent-umbrella:\n  - targets:         [ arm64-ios ]\n    umbrella:        %s\n' "$3"
        printf 'allowable-clients:\n  - targets:         [ arm64-ios ]\n    clients:         [ %s ]\n' "$3"
    fi
    echo "exports:"
    echo "  - targets:         [ arm64-ios ]"
    echo "    symbols:         [ $(quoted_list "$2") ]"
    echo "..."
}
quoted_list() { sed "s/.*/'&'/" "$1" | paste -s -d , - | sed 's/,/, /g'; }

# Writes the stubs of the incomplete entries, with the symbols listed in $work/symbols-MODULE.
write_stubs() {
    local entry module path umbrella state stub
    for entry in ${incomplete[@]+"${incomplete[@]}"}; do
        read -r module path umbrella state <<< "$entry"
        touch "$work/symbols-$module"
        if [ "$state" = absent ]; then
            mkdir -p "$work/stubs/$(dirname "$path")"
            new_stub "$path" "$work/symbols-$module" "$umbrella" > "$work/stubs/$path.tbd"
            continue
        fi
        # Every stub of the SDK with this install name (Network's is also libswiftNetwork's), with the
        # symbols added at the head of its first symbol list.
        [ -s "$work/symbols-$module" ] || continue
        while IFS= read -r stub; do
            mkdir -p "$work/stubs/$(dirname "${stub#"$sdk"/}")"
            awk -v symbols="$(quoted_list "$work/symbols-$module")" \
                '!done && /symbols: *\[/ { sub(/\[ */, "[ " symbols ", "); done = 1 } { print } END { exit !done }' \
                "$stub" > "$work/stubs/${stub#"$sdk"/}" || fail "$stub has no symbol list to complete"
        done < <(grep -rlE --include='*.tbd' "^install-name: +'?/$path'?\$" "$sdk")
    done
}

# --- the link --------------------------------------------------------------------------------
# -lSystem, -lobjc and -lsqlite3 (GRDB's module map links the system SQLite) by name; the Swift
# libraries and frameworks come from the objects' auto-link options, less three that Xcode's
# linker would not load either: the static back-deployment archives swiftCompatibility56 and
# swiftCompatibilityPacks of Xcode's toolchain (the first one's anchor symbol comes from
# scripts/ios-link-runtime.c; nothing references the second), and SwiftUICore, which apps are
# not allowed to link. Frameworks are also searched in System/Library/SubFrameworks (UIUtilities),
# as Xcode 26's linker does. -fatal_warnings: a warning fails the link.
executable=$work/WakefulDemo
link_flags=(-arch arm64 -platform_version ios "$floor" "$sdk_version" -syslibroot "$work/stubs" -syslibroot "$sdk"
    -L /usr/lib/swift -F /System/Library/SubFrameworks -lSystem -lobjc -lsqlite3
    -rpath /usr/lib/swift -rpath @executable_path/Frameworks -e _main -dead_strip -adhoc_codesign
    --strict-auto-link --ignore-auto-link-option=swiftCompatibility56
    --ignore-auto-link-option=swiftCompatibilityPacks --ignore-auto-link-option=SwiftUICore
    -fatal_warnings --error-limit=0 -o "$executable")
# Prints the symbols a link leaves undefined; fails on any other error.
#   undefined_after INPUT…
undefined_after() {
    local log=$work/link.log status=0
    rm -f "$executable"
    ld64.lld "${link_flags[@]}" "$@" > "$log" 2>&1 || status=$?
    if grep -q -v -E '^ld64\.lld: error: undefined symbol: |^>>> |^$' "$log"; then
        cat "$log" >&2
        fail "the link failed (log: ${log#"$root"/})"
    fi
    sed -n 's/^ld64\.lld: error: undefined symbol: //p' "$log" | sort -u
    [ "$status" -eq 0 ] || grep -q 'undefined symbol' "$log" || fail "ld64.lld exited with $status"
}

# First pass: the SDK's stubs alone (absent stubs exist, empty, for the re-exports to resolve).
write_stubs
undefined_after "${swift_inputs[@]}" > "$work/undefined-by-sdk"

# How each of them is resolved: by scripts/ios-link-runtime.c, by a completed stub, or not at all.
llvm-nm -g --defined-only -j "$runtime_input" | sort > "$work/runtime-symbols"
: > "$work/resolutions"
while IFS= read -r symbol; do
    how=""
    if grep -q -x -F "$symbol" "$work/runtime-symbols"; then
        how="scripts/ios-link-runtime.c"
    else
        for entry in ${incomplete[@]+"${incomplete[@]}"}; do
            read -r module path _ state <<< "$entry"
            # The module's ABI name as the symbol's own context or an extension's (not part of a
            # longer name: 7SwiftUI but not 17SwiftUIExtras).
            if grep -q -E "(^_\\\$s|[^0-9])$(mangled "$module")" <<< "$symbol"; then
                echo "$symbol" >> "$work/symbols-$module"
                how="$(basename "$path").tbd ($state in the SDK, completed here)"
                break
            fi
        done
    fi
    printf '%s\t%s\n' "$symbol" "${how:-UNRESOLVED}" >> "$work/resolutions"
done < "$work/undefined-by-sdk"

# Second pass: with the runtime object and the completed stubs. Nothing may stay undefined.
write_stubs
undefined_after "${swift_inputs[@]}" "$runtime_input" > "$work/undefined"
if [ -s "$work/undefined" ]; then
    echo "ios-link: undefined symbols:" >&2
    swift-demangle --simplified < "$work/undefined" | sed 's/^/  /' >&2
    fail "$(wc -l < "$work/undefined" | tr -d ' ') undefined symbols (log: ${work#"$root"/}/link.log)"
fi
[ -x "$executable" ] || fail "ld64.lld wrote no executable"

# --- checks of the executable ----------------------------------------------------------------
# (grep -q reads here-strings, not pipes: with pipefail, a writer cut off by grep -q's early exit
# would fail the check.)
headers=$(llvm-objdump --macho --private-headers "$executable" | tr -s ' \t' ' ')
dylibs=$(llvm-objdump --macho --dylibs-used "$executable" | sed -n 's/^[[:space:]]*\([^ ]*\) (compatibility.*/\1/p')
want() { grep -q -E "$1" <<< "$headers" || fail "the executable has no $2"; }
want '^MH_MAGIC_64 ARM64 [A-Z0-9_]+ 0x[0-9a-f]+ EXECUTE ' "arm64 MH_EXECUTE header"
want '^ ?cmd LC_MAIN$' "LC_MAIN"
build_version=$(grep -A4 'cmd LC_BUILD_VERSION' <<< "$headers")
grep -q "platform ios" <<< "$build_version" || fail "the executable's LC_BUILD_VERSION does not say platform ios"
grep -q "minos $floor" <<< "$build_version" || fail "the executable's LC_BUILD_VERSION does not say minos $floor"
want '^ ?cmd LC_CODE_SIGNATURE$' "code signature (LC_CODE_SIGNATURE)"
for dylib in /usr/lib/libSystem.B.dylib /usr/lib/libobjc.A.dylib /usr/lib/libsqlite3.dylib /usr/lib/swift/libswiftCore.dylib \
    /System/Library/Frameworks/Foundation.framework/Foundation /System/Library/Frameworks/UIKit.framework/UIKit \
    /System/Library/Frameworks/SwiftUI.framework/SwiftUI /System/Library/Frameworks/BackgroundTasks.framework/BackgroundTasks \
    /System/Library/Frameworks/CoreLocation.framework/CoreLocation; do
    grep -q -x -F "$dylib" <<< "$dylibs" || fail "the executable does not load $dylib"
done
! grep -q SwiftUICore <<< "$dylibs" || fail "the executable loads SwiftUICore directly; apps reach it through SwiftUI"
# Every import names a library the executable loads (llvm-nm's short names: Foundation, libswiftCore, libSystem).
llvm-nm -m "$executable" | awk '$1 == "(undefined)" {
        library = ($(NF - 1) == "(from") ? substr($NF, 1, length($NF) - 1) : ""
        print library "\t" (($2 == "weak") ? $4 : $3) }' | sort > "$work/imports"
short_names=$(echo "$dylibs" | sed 's|.*/||; s/\.dylib$//; s/\.[A-Z]$//')
imports=$(wc -l < "$work/imports" | tr -d ' ')
[ "$imports" -eq "$(llvm-nm -u "$executable" | wc -l | tr -d ' ')" ] || fail "llvm-nm -m and -u disagree on the imports"
cut -f 1 "$work/imports" | sort -u | while IFS= read -r library; do
    grep -q -x -F "$library" <<< "$short_names" || fail "imports bound to '$library', which the executable does not load"
done

# --- the app ---------------------------------------------------------------------------------
# The demo's Info.plist (the tests check it against wakeful plist and doctor) with the build
# settings Xcode expands and the keys Xcode adds to a device build.
app=$work/Payload/WakefulDemo.app
mkdir -p "$app"
cp "$executable" "$app/WakefulDemo"
sed -e 's/\$(DEVELOPMENT_LANGUAGE)/en/; s/\$(EXECUTABLE_NAME)/WakefulDemo/; s/\$(PRODUCT_NAME)/WakefulDemo/' \
    -e 's/\$(PRODUCT_BUNDLE_IDENTIFIER)/com.example.wakefuldemo/; s/\$(PRODUCT_BUNDLE_PACKAGE_TYPE)/APPL/' \
    Examples/WakefulDemo/WakefulDemo/Info.plist > "$app/Info.plist"
! grep -q '\$(' "$app/Info.plist" || fail "Info.plist has a build setting this script does not expand: $(grep -o '\$([A-Z_]*)' "$app/Info.plist" | head -n 1)"
plist_set() { plutil -insert "$1" "$2" "$3" "$app/Info.plist" > /dev/null || fail "could not set $1 in Info.plist"; }
plist_set MinimumOSVersion -string "$floor"
plist_set UIDeviceFamily -json '[1]'  # iPhone
plist_set UIRequiredDeviceCapabilities -json '["arm64"]'
plist_set CFBundleSupportedPlatforms -json '["iPhoneOS"]'
plist_set DTPlatformName -string iphoneos
plist_set DTPlatformVersion -string "$sdk_version"
plist_set DTSDKName -string "iphoneos$sdk_version"
plutil -lint "$app/Info.plist" > /dev/null || fail "Info.plist does not pass plutil -lint"
printf 'APPL????' > "$app/PkgInfo"
# The .ipa: Payload/WakefulDemo.app, zipped with file modes (the executable stays executable).
if command -v zip >/dev/null 2>&1; then
    (cd "$work" && zip -q -r -X "$cache/WakefulDemo.ipa" Payload)
else
    (cd "$work" && python3 -m zipfile -c "$cache/WakefulDemo.ipa" Payload)
fi

# wakeful doctor on the built app, when this checkout has the command built ($WAKEFUL_BIN or
# .build/debug/wakeful; swift build --product wakeful).
wakeful=${WAKEFUL_BIN:-$root/.build/debug/wakeful}
if [ -x "$wakeful" ]; then
    "$wakeful" doctor "$app" > "$work/doctor.txt" 2>&1 || { cat "$work/doctor.txt" >&2; fail "wakeful doctor finds errors in the app's Info.plist"; }
    doctor="wakeful doctor on the app: $(tail -n 1 "$work/doctor.txt")"
else
    doctor="wakeful doctor: not run (no $wakeful; swift build --product wakeful, or set WAKEFUL_BIN)"
fi

# --- the report ------------------------------------------------------------------------------
count() { grep -c "$@" || true; }
by_sdk=$(wc -l < "$work/undefined-by-sdk" | tr -d ' ')
{
    echo "WakefulDemo: arm64 MH_EXECUTE, platform iOS, minos $floor, SDK $sdk_version ($(basename "$sdk")), $(du -k "$executable" | cut -f 1) KB"
    echo "Linked by $(ld64.lld --version | head -n 1)"
    echo "Inputs: ${objects[*]#"$root"/} scripts/ios-link-runtime.c"
    echo
    echo "## Left undefined by the SDK's stubs ($by_sdk), and how each was resolved"
    while IFS=$'\t' read -r symbol how; do
        printf '%s\t%s\t%s\n' "$symbol" "$how" "$(echo "$symbol" | swift-demangle --simplified)"
    done < "$work/resolutions"
    echo
    echo "## Libraries loaded (LC_LOAD_DYLIB, LC_LOAD_WEAK_DYLIB)"
    llvm-objdump --macho --dylibs-used "$executable" | tail -n +2 | sed 's/^[[:space:]]*//'
    echo
    echo "## Imports by library ($imports)"
    cut -f 1 "$work/imports" | sort | uniq -c | sort -rn | sed 's/^ *\([0-9]*\) \(.*\)/\2\t\1/'
    echo
    echo "## Every import and the library it binds to"
    cat "$work/imports"
} > "$report"

echo "ios-link: WakefulDemo for arm64-apple-ios$floor: MH_EXECUTE, LC_MAIN, $(echo "$dylibs" | grep -c .) libraries, $imports imports, all bound ($SECONDS s)"
echo "ios-link: the SDK's stubs left $by_sdk undefined; resolved:"
echo "  $(count -F 'scripts/ios-link-runtime.c' "$work/resolutions") by scripts/ios-link-runtime.c: $(grep -F 'scripts/ios-link-runtime.c' "$work/resolutions" | cut -f 1 | paste -s -d ' ' -)"
for entry in ${incomplete[@]+"${incomplete[@]}"}; do
    read -r module path _ state <<< "$entry"
    echo "  $(count -F "$(printf '\t')$(basename "$path").tbd" "$work/resolutions") by $(basename "$path").tbd ($state in the SDK, completed from the link's own references)"
done
echo "ios-link: report in ${report#"$root"/}; $doctor"
echo "ios-link: ${cache#"$root"/}/WakefulDemo.ipa (unsigned; the executable carries an ad-hoc signature only)"

#!/usr/bin/env bash
# Compile Wakeful, WakefulStore, WakefulApple and the demo app for iOS (arm64) on a machine without
# Xcode, with the Swift toolchain on PATH and an iOS SDK; fail on any error or warning in our code.
#
#   scripts/ios-build.sh [SDK]      SDK: an iPhoneOS*.sdk directory, or a folder holding one
#                                   (default: $WAKEFUL_IOS_SDK, else .build/ios-sdk from scripts/ios-sdk.sh)
#
# What it compiles, in order (one whole-module compile each):
#   Logging (swift-log) and GRDB   the dependencies, from the offline mirrors in /opt/swift-packages
#                                  (or $WAKEFUL_PACKAGE_MIRRORS): a module and an arm64 object each,
#                                  warnings hidden, built once and reused while tag, flags, SDK and
#                                  toolchain are the same
#   Wakeful, WakefulStore, WakefulApple
#                                  arm64-apple-ios<Package.swift's iOS floor>, with the Swift language
#                                  mode and strictSettings read from Package.swift, -warnings-as-errors;
#                                  an arm64 object and a module each
#   WakefulDemo (Examples/WakefulDemo), arm64-apple-ios17.0, -warnings-as-errors, four ways:
#     package         the package's own settings
#     xcode26         what a new Xcode 26 project sets: the Swift 5 language mode, default
#                     MainActor isolation, Approachable Concurrency
#     xcode26-swift6  the same in the Swift 6 language mode
#     swift5          an app still in the Swift 5 language mode, nothing else turned on
# Then scripts/ios-link.sh links the demo (the xcode26 build) with the dependencies and our modules
# into an arm64 iOS executable with the toolchain's ld64.lld against the SDK's .tbd stubs, checks it,
# and assembles WakefulDemo.app and an unsigned WakefulDemo.ipa (see its header).
#
# Caches live in .build/ios-build (the SDK's own modules compiled from their interfaces, the
# dependencies); our modules are compiled and the demo linked on every run. Exit status 0 only with
# zero diagnostics and a link with no warning and no undefined symbol.
set -euo pipefail

usage() { echo "usage: scripts/ios-build.sh [SDK]   (or set WAKEFUL_IOS_SDK)" >&2; exit 2; }
[ $# -le 1 ] || usage
sdk_arg=${1:-${WAKEFUL_IOS_SDK:-}}
# A path on the command line is relative to the caller's directory.
if [ -n "$sdk_arg" ]; then
    [ -d "$sdk_arg" ] || { echo "ios-build: SDK folder $sdk_arg does not exist; extract one with scripts/ios-sdk.sh MIRROR" >&2; exit 1; }
    sdk_arg=$(cd "$sdk_arg" && pwd)
fi
cd "$(dirname "$0")/.."
root=$(pwd)
started=$(date +%s.%N)

fail() { echo "ios-build: $*" >&2; exit 1; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# --- the SDK ---------------------------------------------------------------------------------
sdk_arg=${sdk_arg:-$root/.build/ios-sdk}
[ -d "$sdk_arg" ] || fail "no SDK: pass one, set WAKEFUL_IOS_SDK, or run scripts/ios-sdk.sh MIRROR to fill .build/ios-sdk (the mirror: fetch github.com/seayou2468-web/maciOS)"
if [ -f "$sdk_arg/SDKSettings.json" ]; then
    sdk=$sdk_arg
else
    sdk=$(ls -d "$sdk_arg"/iPhoneOS*.sdk 2>/dev/null | sort -V | tail -n 1 || true)
    [ -n "$sdk" ] && [ -f "$sdk/SDKSettings.json" ] || fail "$sdk_arg is not an SDK (no SDKSettings.json) and holds no iPhoneOS*.sdk; run scripts/ios-sdk.sh MIRROR"
fi
sdk_name=$(basename "$sdk")
# Xcode 26's SDK has arm64e interfaces only; scripts/ios-sdk.sh adds the arm64 names the compiler asks for.
[ -e "$sdk/usr/lib/swift/Swift.swiftmodule/arm64-apple-ios.swiftinterface" ] \
    || fail "$sdk has no arm64 Swift interfaces (usr/lib/swift/Swift.swiftmodule/arm64-apple-ios.swiftinterface); extract it with scripts/ios-sdk.sh, which links them to the arm64e ones"
# The link at the end needs the .tbd stubs; an SDK extracted before scripts/ios-sdk.sh kept them has none.
[ -f "$sdk/usr/lib/libSystem.tbd" ] \
    || fail "$sdk has no link stubs (usr/lib/libSystem.tbd), which the link needs; extract it again with scripts/ios-sdk.sh, which keeps them"

# --- the toolchain ---------------------------------------------------------------------------
if ! command -v swiftc >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swiftc ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
command -v swiftc >/dev/null 2>&1 || fail "swiftc is not on PATH; install a Swift 6.2+ toolchain"
swiftc=$(command -v swiftc)
toolchain_lib=$(cd "$(dirname "$(readlink -f "$swiftc")")/../lib/swift" && pwd)
swift_version=$(swiftc --version 2>&1 | head -n 1)

cache=$root/.build/ios-build
mkdir -p "$cache"

# A resource directory with only the platform-independent parts of the toolchain's: its own
# usr/lib/swift also holds Linux module maps for Dispatch, os, Block and CoreFoundation, which
# would hide the SDK's ("no type named 'DispatchQueue' in module 'Dispatch'").
resource=$cache/resource
# Rebuilt only when the toolchain's folders move (a new toolchain), so its files keep their dates.
want_resource() {
    local part
    for part in clang shims host swiftToCxx; do
        [ -e "$toolchain_lib/$part" ] || fail "the toolchain has no $toolchain_lib/$part"
        echo "$part -> $(readlink -f "$toolchain_lib/$part")"
    done
    echo "apinotes/std.apinotes -> $toolchain_lib/apinotes/std.apinotes"
}
if [ "$(cat "$resource.manifest" 2>/dev/null)" != "$(want_resource)" ]; then
    rm -rf "$resource" "$resource.manifest"
    mkdir -p "$resource/apinotes"
    want_resource | while read -r name _ target; do ln -s "$target" "$resource/$name"; done
    # With the 26.2 SDK the compiler passes clang -fno-modulemap-allow-subdirectory-search, so the
    # SwiftShims module map in shims/ is only found through one at the top of the resource directory.
    echo 'extern module SwiftShims "shims/module.modulemap"' > "$resource/module.modulemap"
    want_resource > "$resource.manifest"
fi

# --- settings read from Package.swift --------------------------------------------------------
manifest=$root/Package.swift
tools_version=$(head -n 1 "$manifest" | sed -n 's|^// swift-tools-version: *\([0-9.]*\).*|\1|p')
[ -n "$tools_version" ] || fail "Package.swift has no swift-tools-version line"
if grep -q 'swiftLanguageModes\|swiftLanguageVersions\|\.swiftLanguageMode(' "$manifest"; then
    fail "Package.swift sets a language mode explicitly; teach scripts/ios-build.sh to read it"
fi
# Tools version 6 and later build in the Swift 6 language mode unless told otherwise.
language_mode=5
[ "${tools_version%%.*}" -ge 6 ] && language_mode=6
ios_floor=$(sed -n 's|.*\.iOS(\.v\([0-9]*\)).*|\1|p' "$manifest" | head -n 1)
[ -n "$ios_floor" ] || fail "Package.swift has no .iOS(.vN) platform"
# strictSettings, one setting a line; anything this script cannot translate stops it, so the iOS
# build never silently drifts from the package's settings.
settings_block=$(sed -n '/^let strictSettings: \[SwiftSetting\] = \[/,/^\]/p' "$manifest" | sed '1d;$d')
[ -n "$settings_block" ] || fail "Package.swift has no 'let strictSettings: [SwiftSetting] = [ … ]' block"
package_flags=()
while IFS= read -r line; do
    line=$(echo "$line" | sed 's|//.*||; s|^ *||; s| *$||; s|,$||')
    [ -z "$line" ] && continue
    if [[ $line =~ ^\.enableUpcomingFeature\(\"([A-Za-z]+)\"\)$ ]]; then
        package_flags+=(-enable-upcoming-feature "${BASH_REMATCH[1]}")
    elif [[ $line =~ ^\.enableExperimentalFeature\(\"([A-Za-z]+)\"\)$ ]]; then
        package_flags+=(-enable-experimental-feature "${BASH_REMATCH[1]}")
    elif [[ $line =~ ^\.define\(\"([A-Za-z_0-9]+)\"\)$ ]]; then
        package_flags+=("-D${BASH_REMATCH[1]}")
    else
        fail "Package.swift's strictSettings has '$line', which scripts/ios-build.sh does not translate; add it there"
    fi
done <<< "$settings_block"

# --- dependencies ----------------------------------------------------------------------------
mirrors=${WAKEFUL_PACKAGE_MIRRORS:-/opt/swift-packages}
# The newest tag of a mirror, checked against the `from:` version Package.swift asks for.
newest_tag() {  # owner/name
    local git_dir=$mirrors/$1.git minimum tag
    [ -d "$git_dir" ] || fail "no mirror of $1 at $git_dir; set WAKEFUL_PACKAGE_MIRRORS to the folder holding owner/name.git mirrors"
    minimum=$(sed -n "s|.*github.com/$1\", from: \"\([0-9.]*\)\".*|\1|p" "$manifest")
    [ -n "$minimum" ] || fail "Package.swift does not depend on $1 by 'from:'"
    tag=$(git -C "$git_dir" tag | grep -E '^[0-9]+\.[0-9]+\.[0-9]+$' | sort -V | tail -n 1)
    [ -n "$tag" ] || fail "the mirror of $1 has no release tag"
    [ "$(printf '%s\n%s\n' "$minimum" "$tag" | sort -V | head -n 1)" = "$minimum" ] \
        || fail "the mirror of $1 has $tag at newest, below Package.swift's from: \"$minimum\""
    echo "$tag"
}
# Sources of a tag, extracted once.
checkout() {  # owner/name tag → prints the folder
    local folder=$cache/src/${1#*/}-$2
    if [ ! -d "$folder" ]; then
        mkdir -p "$folder.tmp"
        git -C "$mirrors/$1.git" archive "$2" | tar -x -C "$folder.tmp"
        mv "$folder.tmp" "$folder"
    fi
    echo "$folder"
}

modules=$cache/modules          # dependencies' modules, kept between runs
out=$cache/out                  # our modules and objects, rebuilt every run
rm -rf "$out"
mkdir -p "$modules" "$out" "$cache/logs"
common=(-sdk "$sdk" -resource-dir "$resource" -module-cache-path "$cache/module-cache" -Onone)

summary=()
diagnostics=0
failed=0

# One whole-module compile. Prints its diagnostics, records a summary line.
#   compile NAME LOG_NAME -- swiftc arguments…
compile() {
    local name=$1 log=$cache/logs/$2.log t0 t1 status=0 count
    shift 3
    t0=$(date +%s.%N)
    swiftc "$@" > "$log" 2>&1 || status=$?
    t1=$(date +%s.%N)
    # file:line:col: error:, <unknown>:0: warning:, or a bare error: from the driver.
    count=$(grep -c -E '^([^ ]+:[0-9]+(:[0-9]+)?: )?(error|warning):' "$log" || true)
    diagnostics=$((diagnostics + count))
    if [ "$status" -ne 0 ] || [ "$count" -ne 0 ]; then
        cat "$log" >&2
        summary+=("$(printf '  %-28s FAILED  %3d diagnostics  %6.1f s' "$name" "$count" "$(seconds "$t0" "$t1")")")
        return 1
    fi
    summary+=("$(printf '  %-28s ok                        %6.1f s' "$name" "$(seconds "$t0" "$t1")")")
}

# A dependency's module and arm64 object (one whole-module compile), rebuilt only when its inputs
# change; its warnings are hidden (not our code). The object is what scripts/ios-link.sh links.
#   dependency MODULE STAMP -- swiftc arguments…
dependency() {
    local module=$1 stamp=$2
    shift 3
    if [ -f "$modules/$module.swiftmodule" ] && [ -f "$modules/$module.o" ] \
        && [ "$(cat "$modules/$module.stamp" 2>/dev/null)" = "$stamp" ]; then
        summary+=("$(printf '  %-28s cached' "$module")")
        return 0
    fi
    rm -f "$modules/$module.stamp"
    compile "$module" "$module" -- "$@" -emit-module -emit-module-path "$modules/$module.swiftmodule" \
        -c -o "$modules/$module.o" -wmo -num-threads 0 -suppress-warnings || return 1
    echo "$stamp" > "$modules/$module.stamp"
}

sources() { find "$@" -name '*.swift' | sort; }

package_target=arm64-apple-ios$ios_floor.0
deps_key="$swift_version|$sdk_name|$package_target"

log_tag=$(newest_tag apple/swift-log)
log_src=$(checkout apple/swift-log "$log_tag")
# swift-log's own manifest turns these on for its targets; NonisolatedNonsendingByDefault changes
# what its async declarations mean, so the module is built the way SwiftPM would build it.
log_flags=(-target "$package_target" "${common[@]}" -module-name Logging -package-name swift_log -swift-version 6
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
    -enable-upcoming-feature InternalImportsByDefault -enable-upcoming-feature NonisolatedNonsendingByDefault
    -parse-as-library -DSWIFT_PACKAGE)
dependency Logging "swift-log $log_tag|$deps_key|${log_flags[*]}" -- "${log_flags[@]}" \
    $(sources "$log_src/Sources/Logging") || failed=1

grdb_tag=$(newest_tag groue/GRDB.swift)
grdb_src=$(checkout groue/GRDB.swift "$grdb_tag")
# GRDB's manifest: Swift 6, FTS5 and WAL snapshots on Apple platforms; its GRDBSQLite module map
# wraps the SDK's sqlite3.h.
grdb_flags=(-target "$package_target" "${common[@]}" -module-name GRDB -package-name grdb.swift -swift-version 6
    -I "$grdb_src/Sources/GRDBSQLite" -DSWIFT_PACKAGE -DSQLITE_ENABLE_FTS5 -DSQLITE_ENABLE_SNAPSHOT -parse-as-library)
dependency GRDB "GRDB $grdb_tag|$deps_key|${grdb_flags[*]}" -- "${grdb_flags[@]}" \
    $(sources "$grdb_src/GRDB") || failed=1

# --- our modules -----------------------------------------------------------------------------
# SwiftPM's debug settings (DEBUG, SWIFT_PACKAGE, -Onone) plus the package's; the object is
# produced so that the checks SIL runs (definite initialization, region-based isolation) run too.
ours=(-target "$package_target" "${common[@]}" -I "$modules" -I "$out" -I "$grdb_src/Sources/GRDBSQLite"
    -package-name wakeful -swift-version "$language_mode" "${package_flags[@]}"
    -DSWIFT_PACKAGE -DDEBUG -warnings-as-errors -parse-as-library -wmo -num-threads 0)
for module in Wakeful WakefulStore WakefulApple; do
    [ "$failed" -eq 0 ] || { summary+=("$(printf '  %-28s not built (an earlier module failed)' "$module")"); continue; }
    compile "$module" "$module" -- "${ours[@]}" -module-name "$module" \
        -emit-module -emit-module-path "$out/$module.swiftmodule" -c -o "$out/$module.o" \
        $(sources "Sources/$module") || failed=1
done

# --- the demo --------------------------------------------------------------------------------
demo_target=arm64-apple-ios17.0
demo=(-target "$demo_target" "${common[@]}" -I "$modules" -I "$out" -I "$grdb_src/Sources/GRDBSQLite"
    -module-name WakefulDemo -DDEBUG -warnings-as-errors -parse-as-library -wmo -num-threads 0)
# A function rather than an associative array: macOS's /bin/bash is 3.2.
# Xcode 26's "Approachable Concurrency" is DisableOutwardActorInference, GlobalActorIsolatedTypesUsability,
# InferIsolatedConformances, InferSendableFromCaptures and NonisolatedNonsendingByDefault; the Swift 6
# language mode already has the first, second and fourth.
approachable="-enable-upcoming-feature InferIsolatedConformances -enable-upcoming-feature NonisolatedNonsendingByDefault"
variant_flags() {
    case $1 in
        package) echo "-swift-version $language_mode ${package_flags[*]}" ;;
        # A new project in Xcode 26: Swift 5, minimal concurrency checking, MainActor by default.
        xcode26) echo "-swift-version 5 -default-isolation MainActor $approachable" \
            "-enable-upcoming-feature DisableOutwardActorInference -enable-upcoming-feature GlobalActorIsolatedTypesUsability" \
            "-enable-upcoming-feature InferSendableFromCaptures" ;;
        # The same project moved to the Swift 6 language mode.
        xcode26-swift6) echo "-swift-version 6 -default-isolation MainActor $approachable" ;;
        # An older app project: Swift 5 and nothing else.
        swift5) echo "-swift-version 5" ;;
    esac
}
demo_sources=$(sources Examples/WakefulDemo/WakefulDemo)
for variant in package xcode26 xcode26-swift6 swift5; do
    # Every variant runs even when another fails; none can without the package's modules.
    [ "$failed" -ne 1 ] || { summary+=("$(printf '  %-28s not built (a module failed)' "WakefulDemo ($variant)")"); continue; }
    mkdir -p "$out/demo-$variant"
    # shellcheck disable=SC2086 # the variant's flags are words
    compile "WakefulDemo ($variant)" "WakefulDemo-$variant" -- "${demo[@]}" $(variant_flags "$variant") \
        -c -o "$out/demo-$variant/WakefulDemo.o" $demo_sources || failed=2
done

# --- summary ---------------------------------------------------------------------------------
elapsed=$(seconds "$started" "$(date +%s.%N)")
echo "ios-build: $sdk_name, $swift_version"
echo "ios-build: package for $package_target (Swift $language_mode, ${package_flags[*]}), demo for $demo_target"
echo "ios-build: swift-log $log_tag, GRDB $grdb_tag"
printf '%s\n' "${summary[@]}"
printf 'ios-build: %d diagnostics, wall time %.0f s (logs in %s)\n' "$diagnostics" "$elapsed" "${cache#"$root"/}/logs"
if [ "$failed" -ne 0 ] || [ "$diagnostics" -ne 0 ]; then
    echo "ios-build: FAILED" >&2
    exit 1
fi
echo "ios-build: compiled with zero diagnostics; linking"
scripts/ios-link.sh "$sdk" || { echo "ios-build: FAILED (the link)" >&2; exit 1; }
echo "ios-build: ok, zero diagnostics, linked"

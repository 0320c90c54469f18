#!/usr/bin/env bash
# Extract the part of an iOS SDK that the Swift compiler reads into .build/ios-sdk, for
# scripts/ios-build.sh on a machine without Xcode.
#
#   scripts/ios-sdk.sh SOURCE [DEST]
#
# SOURCE is either a git directory holding an iPhoneOS*.sdk folder at its top level (a clone or a
# bare mirror of github.com/seayou2468-web/maciOS, which has iPhoneOS26.2.sdk), or an
# iPhoneOS*.sdk directory (for instance Xcode's, copied from a Mac). DEST defaults to .build/ios-sdk;
# the SDK lands in DEST/<name>.sdk, whose path is the last line printed.
#
# What is kept: headers, module maps, API notes, Swift interfaces and cross-import overlays of the
# public frameworks and of usr/, and SDKSettings — everything a compile reads — and the link stubs
# (.tbd) of the public frameworks and of usr/lib, with those of the private frameworks they
# re-export (UIKit re-exports UIKitCore, for instance), which is what scripts/ios-link.sh links
# against. What is left out: binaries, .swiftdoc, the other private frameworks, the C++ headers (no
# C++ interop here) and Developer/ (test frameworks): about 140 MB of the 26.2 SDK's 274 MB. In the
# mirror some blobs are not present (they were stored with Git LFS); a missing stub is named, and
# scripts/ios-link.sh says whether the link needs it.
#
# Xcode 26's SDK ships its Swift interfaces for arm64e only; the compiler looks for the name of the
# target it compiles for, so each arm64e-apple-ios.swiftinterface gets an arm64-apple-ios.swiftinterface
# link beside it (the interfaces are textual and the same for both).
set -euo pipefail

usage() { echo "usage: scripts/ios-sdk.sh SOURCE [DEST]   (SOURCE: a git dir with iPhoneOS*.sdk, or an iPhoneOS*.sdk dir)" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 2 ] || usage
# Paths given on the command line are relative to the caller's directory, the default to the repository.
[ -d "$1" ] || { echo "ios-sdk: $1 does not exist; pass the mirror's git directory or an iPhoneOS*.sdk directory" >&2; exit 1; }
source_path=$(cd "$1" && pwd)
dest_root=${2:-}
[ -z "$dest_root" ] || { mkdir -p "$dest_root" && dest_root=$(cd "$dest_root" && pwd); }
cd "$(dirname "$0")/.."
dest_root=${dest_root:-$(pwd)/.build/ios-sdk}

# Paths (relative to the SDK root) neither a compile nor the link reads. One list for both kinds
# of SOURCE; private frameworks' stubs are added below, as far as the kept stubs re-export them.
excluded_re='(\.(swiftdoc|dylib|a|metallib|imp)$)|(^(System/Library/PrivateFrameworks|usr/include/c\+\+|Developer)/)'

# Staged beside the destination so the final move is a rename, and a failed run leaves no half SDK.
mkdir -p "$dest_root"
tmp=$(cd "$(mktemp -d "$dest_root/.staging.XXXXXX")" && pwd)
trap 'rm -rf "$tmp"' EXIT

# $tmp/all lists the source's files (paths relative to the SDK), extract copies those named on
# its input into $staging, and $tmp/absent lists the files the source names but does not hold.
: > "$tmp/absent"
if [ -f "$source_path/SDKSettings.json" ]; then
    sdk_name=$(basename "$source_path")
    staging=$tmp/$sdk_name
    (cd "$source_path" && find . \( -type f -o -type l \) | sed 's|^\./||') > "$tmp/all"
    extract() { tar -C "$source_path" -cf - -T - | tar -C "$staging" -xf -; }
elif git --git-dir="$source_path" rev-parse --verify -q HEAD^{tree} >/dev/null 2>&1 \
    || git --git-dir="$source_path/.git" rev-parse --verify -q HEAD^{tree} >/dev/null 2>&1; then
    git_dir=$source_path
    git --git-dir="$git_dir" rev-parse --verify -q HEAD^{tree} >/dev/null 2>&1 || git_dir=$source_path/.git
    git_dir=$(cd "$git_dir" && pwd)
    # The newest iPhoneOS SDK at the top of the repository.
    sdk_name=$(git --git-dir="$git_dir" ls-tree --name-only HEAD | grep -E '^iPhoneOS[0-9.]+\.sdk$' | sort -V | tail -n 1 || true)
    [ -n "$sdk_name" ] || { echo "ios-sdk: $source_path has no iPhoneOS*.sdk folder at its top level (expected a copy of github.com/seayou2468-web/maciOS)" >&2; exit 1; }
    staging=$tmp/$sdk_name
    # A throwaway index holding only the SDK's tree, so checkout-index writes just the kept files.
    # (git archive reads every blob of the tree, and the mirror lacks some of the ones left out.)
    git_in_sdk() { GIT_DIR=$git_dir GIT_INDEX_FILE=$tmp/index GIT_WORK_TREE=$staging git "$@"; }
    git_in_sdk read-tree "HEAD:$sdk_name"
    # Files whose blob the mirror does not hold ("missing" to cat-file) go to $tmp/absent.
    git_in_sdk ls-files -s > "$tmp/staged"   # mode blob stage<TAB>path
    cut -f 1 "$tmp/staged" | cut -d ' ' -f 2 | git --git-dir="$git_dir" cat-file --batch-check='%(objectname) held' \
        | cut -d ' ' -f 2 | paste - <(cut -f 2- "$tmp/staged") \
        | awk -F '\t' -v all="$tmp/all" -v absent="$tmp/absent" '{ print $2 > ($1 == "missing" ? absent : all) }'
    extract() { (cd "$staging" && git_in_sdk checkout-index --stdin); }
else
    echo "ios-sdk: $source_path is neither an SDK directory (no SDKSettings.json) nor a git directory" >&2
    echo "ios-sdk: fetch github.com/seayou2468-web/maciOS (a bare mirror is enough) or copy iPhoneOS.sdk from Xcode" >&2
    exit 1
fi
mkdir -p "$staging"
{ grep -v -E "$excluded_re" "$tmp/all" || true; } | extract

# The private frameworks' stubs that kept stubs re-export, until none is new: the linker loads every
# re-exported library of a library it links. An install name /System/Library/PrivateFrameworks/
# X.framework/X has its stub at System/Library/PrivateFrameworks/X.framework/X.tbd.
private_stubs=0
while :; do
    { grep -rhoE "/System/Library/PrivateFrameworks/[^],'\" ]+" --include='*.tbd' "$staging" || true; } \
        | sed 's|^/||; s|$|.tbd|' | sort -u > "$tmp/wanted"
    new=$(while IFS= read -r stub; do [ -e "$staging/$stub" ] || echo "$stub"; done < "$tmp/wanted" \
        | grep -F -x -f - "$tmp/all" || true)
    [ -n "$new" ] || break
    echo "$new" | extract
    private_stubs=$((private_stubs + $(echo "$new" | wc -l)))
done
# Kept files the source lacks: named, since the link may need them (SwiftUICore.tbd in the mirror).
lacking=$( { grep -v -E "$excluded_re" "$tmp/absent"; grep -F -x -f "$tmp/wanted" "$tmp/absent"; } | sort -u || true)
[ -z "$lacking" ] || echo "ios-sdk: the source lacks $(echo "$lacking" | wc -l) files to keep: $(echo "$lacking" | tr '\n' ' ')" >&2

[ -f "$staging/SDKSettings.json" ] || { echo "ios-sdk: $sdk_name has no SDKSettings.json; not an SDK" >&2; exit 1; }
[ -d "$staging/usr/lib/swift/Swift.swiftmodule" ] || { echo "ios-sdk: $sdk_name has no usr/lib/swift/Swift.swiftmodule; the Swift overlays are missing" >&2; exit 1; }

# arm64 names for the arm64e interfaces (see the header).
links=0
while IFS= read -r interface; do
    dir=$(dirname "$interface")
    if [ ! -e "$dir/arm64-apple-ios.swiftinterface" ]; then
        ln -s arm64e-apple-ios.swiftinterface "$dir/arm64-apple-ios.swiftinterface"
        links=$((links + 1))
    fi
done < <(find "$staging" -name 'arm64e-apple-ios.swiftinterface')

rm -rf "${dest_root:?}/$sdk_name"
mv "$staging" "$dest_root/$sdk_name"
files=$(find "$dest_root/$sdk_name" -type f | wc -l)
size=$(du -sh "$dest_root/$sdk_name" | cut -f1)
echo "ios-sdk: $sdk_name: $files files ($size), $private_stubs private frameworks' stubs, $links arm64 interface links" >&2
echo "$(cd "$dest_root/$sdk_name" && pwd)"

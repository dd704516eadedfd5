#!/bin/sh
# The sample main project's compile check: check_command in compctl.yml, run by
# `compctl integrate` in the project's root with COMPCTL_PODFILE (the pinned Podfile),
# COMPCTL_COMPONENTS (Name=version ...) and COMPCTL_STAGED_SPEC_REPO (a bare git repo: the
# spec repo with the candidate specs committed) set.
#
# For each pod the Podfile pins exactly, it reads the spec at that version from the staged
# spec repo, fetches the component's repository (the spec's source :git) at the version's
# tag and compiles its C sources (Sources/*.c) with `cc -c`. A pod whose `pod` line has
# `:source => '<binary spec repo>'` (compctl's binary channel: integrate sets it for the
# check on the pods it takes prebuilt) is not compiled: its binary spec is read from that
# spec repo, its archive fetched from the spec's source :http (a file:// URL here) and
# the static library in it checked with `ar t`, as a link would use it. A real app would run
# `pod install` and `xcodebuild` here instead. Pods whose repository is not a local path
# (the sample's https://git.acme.example URLs) are skipped; the components being
# integrated must compile.
set -eu
podfile="${COMPCTL_PODFILE:-Podfile}"
staged="${COMPCTL_STAGED_SPEC_REPO:?run this through compctl integrate, which sets COMPCTL_STAGED_SPEC_REPO}"
work="$(mktemp -d "${TMPDIR:-/tmp}/compile-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT
: > "$work/compiled"
# A machine with only Swift installed has clang (from the toolchain) but may have no `cc`.
compiler="${CC:-}"
for candidate in cc clang gcc; do
    [ -n "$compiler" ] && break
    command -v "$candidate" >/dev/null 2>&1 && compiler="$candidate"
done
if [ -z "$compiler" ]; then
    echo "error: no C compiler (cc, clang or gcc) on PATH; install one or set CC" >&2
    exit 1
fi

# `pod 'Name', 'x.y.z'` and `pod 'Name/Sub', '= x.y.z'`: the root name and the version.
sed -n "s/^[[:space:]]*pod[[:space:]]*['\"]\([^'\"/]*\)[^'\"]*['\"][[:space:]]*,[[:space:]]*['\"]=\{0,1\}[[:space:]]*\([0-9][0-9A-Za-z.-]*\)['\"].*/\1 \2/p" "$podfile" \
    | sort -u > "$work/pins"

# `pod 'Name', …, :source => 'repo'`: the pods taken from a binary spec repo.
sed -n "s/^[[:space:]]*pod[[:space:]]*['\"]\([^'\"/]*\)['\"].*:source[[:space:]]*=>[[:space:]]*['\"]\([^'\"]*\)['\"].*/\1 \2/p" "$podfile" \
    | sort -u > "$work/prebuilt"

while read -r name version; do
    binaries="$(awk -v pod="$name" '$1 == pod { print $2; exit }' "$work/prebuilt")"
    if [ -n "$binaries" ]; then
        # Prebuilt: the binary spec's archive, not the component's sources.
        repo="${binaries#file://}"
        archive="$(git --git-dir "$repo" show "HEAD:$name/$version/$name.podspec.json" 2>/dev/null \
            | sed -n 's/.*"http"[[:space:]]*:[[:space:]]*"file:\/\/\([^"]*\)".*/\1/p' | head -n 1)"
        if [ -z "$archive" ] || [ ! -f "$archive" ]; then
            echo "error: $name $version has no binary archive in $binaries" >&2
            exit 1
        fi
        mkdir -p "$work/$name"
        unzip -q -o "$archive" -d "$work/$name"
        for library in "$work/$name"/lib/*.a; do
            [ -f "$library" ] || continue
            echo "link $name/lib/$(basename "$library")   ($name $version, prebuilt: $(ar t "$library" | tr '\n' ' '))"
        done
        echo "$name=$version" >> "$work/compiled"
        continue
    fi
    spec="$(git --git-dir "$staged" ls-tree -r --name-only HEAD -- "$name/$version/" "Specs/$name/$version/" | grep -E '\.podspec(\.json)?$' | head -n 1 || true)"
    if [ -z "$spec" ]; then
        echo "error: $name $version is not in the staged spec repo" >&2
        exit 1
    fi
    url="$(git --git-dir "$staged" show "HEAD:$spec" \
        | sed -n -e "s/.*:git[[:space:]]*=>[[:space:]]*['\"]\([^'\"]*\)['\"].*/\1/p" -e 's/.*"git"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p' \
        | head -n 1)"
    case "$url" in
        /*|file://*) ;;
        *) echo "$name=$version" >> "$work/skipped"; continue ;;
    esac
    git clone -q --depth 1 --branch "$version" "$url" "$work/$name" 2>"$work/clone.log" || {
        echo "error: cannot fetch $name at tag $version from $url:" >&2
        cat "$work/clone.log" >&2
        exit 1
    }
    for source in "$work/$name"/Sources/*.c; do
        [ -f "$source" ] || continue
        echo "cc -c $name/Sources/$(basename "$source")   ($name $version)"
        "$compiler" -c -Wall -o "$work/$name-$(basename "$source" .c).o" "$source"
    done
    echo "$name=$version" >> "$work/compiled"
done < "$work/pins"

for component in ${COMPCTL_COMPONENTS:-}; do
    if ! grep -qx "$component" "$work/compiled"; then
        echo "error: $component was not compiled: is it pinned in $podfile, with a local repository?" >&2
        exit 1
    fi
done
echo "compiled $(wc -l < "$work/compiled" | tr -d ' ') pinned component(s); skipped $(cat "$work/skipped" 2>/dev/null | wc -l | tr -d ' ') whose repository is not local"

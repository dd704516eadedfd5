#!/usr/bin/env bash
# Packages compctl for machines that should not build it (CI runners, colleagues): a tarball
# compctl-<version>-<os>-<arch>.tar.gz holding bin/compctl, README.md and the SHA-256 file
# beside it (`sha256sum -c` checks it). On Linux the Swift runtime and Foundation are linked
# in statically, and so is libgit2 where libgit2-dev's archives are installed (Debian,
# Ubuntu; see Package.swift), so the target needs no library beyond the C and C++ runtimes
# (else libgit2: apt-get install libgit2-1.5), libcurl (libcurl4) to read CDN sources, loaded
# when one is read, and Kerberos (libgssapi-krb5-2) only for `Negotiate` authentication,
# loaded likewise; on macOS, `brew install libgit2`.
#
#   scripts/package.sh [--output DIR] [--binary PATH]
#
# --binary packages an already built compctl instead of building a release one.
set -euo pipefail
cd "$(dirname "$0")/.."

output=dist
binary=""
while (($#)); do
    case "$1" in
        --output) output="$2"; shift 2 ;;
        --binary) binary="$2"; shift 2 ;;
        *) echo "package.sh: unknown argument $1 (see the comment at the top)" >&2; exit 64 ;;
    esac
done

if [ -z "$binary" ]; then
    scripts/bootstrap.sh
    static=()
    [ "$(uname -s)" = Linux ] && static=(--static-swift-stdlib)
    swift build -c release "${static[@]}" --product compctl >&2
    binary=.build/release/compctl
fi
[ -x "$binary" ] || { echo "package.sh: $binary is not an executable compctl" >&2; exit 1; }

version=$("$binary" --version | awk '{ print $2 }')
os=$(uname -s | tr '[:upper:]' '[:lower:]')
arch=$(uname -m)
name="compctl-$version-$os-$arch"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name/bin" "$output"
install -m 755 "$binary" "$stage/$name/bin/compctl"
cp README.md "$stage/$name/"
tarball="$output/$name.tar.gz"
tar -C "$stage" -czf "$tarball.partial" "$name"
mv "$tarball.partial" "$tarball"
if command -v sha256sum >/dev/null 2>&1; then
    (cd "$output" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
else
    (cd "$output" && shasum -a 256 "$name.tar.gz" > "$name.tar.gz.sha256")
fi
echo "$tarball"

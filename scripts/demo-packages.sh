#!/usr/bin/env bash
# The Swift package half of the demo (scripts/demo.sh runs it at its end; it also runs on its
# own): three component packages (Core, Net, UI) in bare git repos in a temporary folder and a
# main package App that depends on Net and UI. bump --rc makes a release candidate that the
# app's `from:` requirements never pick; bump --release releases; integrate pins a good
# release after a real `swift build` passed (Package.swift exact, Package.resolved rewritten,
# committed) and refuses a release with a compile error, changing nothing. The git CLI only
# builds the sample repositories; everything compctl does goes through libgit2.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
swift build --product compctl >&2
compctl="$(swift build --show-bin-path)/compctl"

# shellcheck source=scripts/demo-lib.sh
source scripts/demo-lib.sh

work=$(mktemp -d "${TMPDIR:-/tmp}/compctl-packages-demo.XXXXXX")
trap 'rm -rf "$work"' EXIT
export COMPCTL_HOME="$work/home" COMPCTL_GIT_ISOLATE=1
export GIT_AUTHOR_NAME="Demo" GIT_AUTHOR_EMAIL="demo@example.invalid" GIT_COMMITTER_NAME="Demo" GIT_COMMITTER_EMAIL="demo@example.invalid"

# A component package: a bare repo NAME.git and its work tree NAME/, whose manifest depends
# on the given packages (`Core=1.0.0` means `from: "1.0.0"`).
package() {
    local name=$1; shift
    local deps="" uses="" imports=""
    for dep in "$@"; do
        deps+="        .package(url: \"$work/${dep%%=*}.git\", from: \"${dep#*=}\"),\n"
        uses+=".product(name: \"${dep%%=*}\", package: \"${dep%%=*}\"), "
        imports+="import ${dep%%=*}\n"
    done
    git init -q --bare -b main "$work/$name.git"
    git init -q -b main "$work/$name"
    mkdir -p "$work/$name/Sources/$name"
    printf '// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(\n    name: "%s",\n    products: [.library(name: "%s", targets: ["%s"])],\n    dependencies: [\n%b    ],\n    targets: [.target(name: "%s", dependencies: [%s])]\n)\n' \
        "$name" "$name" "$name" "$deps" "$name" "$uses" > "$work/$name/Package.swift"
    printf '%bpublic enum %sInfo { public static let version = "1" }\n' "$imports" "$name" > "$work/$name/Sources/$name/$name.swift"
    git -C "$work/$name" add -A
    git -C "$work/$name" commit -qm "$name"
    git -C "$work/$name" remote add origin "$work/$name.git"
}

step "Three component packages in bare repos, each released as 1.0.0 with bump (its version is its tag)"
package Core
package Net Core=1.0.0
package UI Core=1.0.0
for name in Core Net UI; do
    echo "\$ cd $work/$name"
    (cd "$work/$name" && run bump --major --push)
done

# The main package, with compctl.yml: the compile check is a real swift build.
mkdir -p "$work/App/Sources/App"
cat > "$work/App/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "App",
    dependencies: [
        .package(url: "$work/Net.git", from: "1.0.0"),
        .package(url: "$work/UI.git", from: "1.0.0"),
    ],
    targets: [.target(name: "App", dependencies: [.product(name: "Net", package: "Net"), .product(name: "UI", package: "UI")])]
)
MANIFEST
printf 'import Net\nimport UI\npublic let app = NetInfo.version + UIInfo.version\n' > "$work/App/Sources/App/App.swift"
cat > "$work/App/compctl.yml" <<CONFIG
projects:
  - name: App
    package_swift: Package.swift
check_command: ["swift", "build", "--scratch-path", "$work/build"]
layers:
  - name: base
    pods: ["Core"]
  - name: feature
    pods: ["Net", "UI"]
CONFIG
printf '.build/\n.compctl/\n' > "$work/App/.gitignore"
git init -q --bare -b main "$work/App.git"
git init -q -b main "$work/App"
git -C "$work/App" add -A
git -C "$work/App" commit -qm "App"
git -C "$work/App" remote add origin "$work/App.git"
git -C "$work/App" push -q origin main

cd "$work/App"
step "In the main package: resolve it as swift package resolve would (no Podfile: Package.swift is the main project)"
echo "\$ cd $work/App"
run resolve
run why core
run graph --check

step "Core gets a change and a release candidate: bump --rc makes 1.0.1-rc.1"
echo 'public enum CoreInfo { public static let version = "1.0.1" }' > "$work/Core/Sources/Core/Core.swift"
git -C "$work/Core" commit -qam "Core: a change"
(cd "$work/Core" && echo "\$ cd $work/Core" && run bump --rc --push)
echo "\$ cd $work/App"
run resolve
echo "(core stays at 1.0.0: Net's and UI's from: \"1.0.0\" never pick a prerelease, as in SwiftPM)"
run outdated --all

step "The rc passed its tests: bump --release makes 1.0.1, which from: \"1.0.0\" now picks"
(cd "$work/Core" && echo "\$ cd $work/Core" && run bump --release --push)
echo "\$ cd $work/App"
run resolve

step "Net 1.1.0 is released; integrate runs swift build with it, then pins and commits"
echo 'import Core
public enum NetInfo { public static let version = "1.1" + CoreInfo.version }' > "$work/Net/Sources/Net/Net.swift"
git -C "$work/Net" commit -qam "Net: a feature"
(cd "$work/Net" && echo "\$ cd $work/Net" && run bump --minor --push)
echo "\$ cd $work/App"
run integrate net=1.1.0 --push
grep -n 'Net.git' Package.swift
git log --oneline -1 --stat | sed 's/^/  /'
if [ -n "$(git status --porcelain)" ]; then echo "demo: the integrate should leave a clean checkout" >&2; exit 1; fi

step "Net 1.2.0 has a compile error: swift build fails and nothing changes"
echo 'public enum NetInfo { public static let version: Int = "1.2" }' > "$work/Net/Sources/Net/Net.swift"
git -C "$work/Net" commit -qam "Net: a mistake"
(cd "$work/Net" && echo "\$ cd $work/Net" && run bump --minor --push)
echo "\$ cd $work/App"
before="$(sha256sum Package.swift Package.resolved; git rev-parse HEAD origin/main)"
status=0
run integrate net=1.2.0 --push || status=$?
echo "(exit code $status)"
after="$(sha256sum Package.swift Package.resolved; git rev-parse HEAD origin/main)"
if [ "$status" -ne 1 ] || [ "$before" != "$after" ] || [ -n "$(git status --porcelain)" ]; then
    echo "demo: the failed integrate should exit 1 and leave Package.swift, Package.resolved and the branch as they were" >&2
    exit 1
fi
echo "(unchanged: Package.swift and Package.resolved are byte for byte as before, nothing was committed)"

step "The packages in the nightly report"
run report skew 2>/dev/null | sed -n '1,30p'
cd "$root"
echo
echo "package demo finished"

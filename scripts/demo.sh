#!/usr/bin/env bash
# Sets everything up and runs compctl on the embedded sample spec repo in Specs/: turns it
# into a bare spec repo and three sample components into bare component repos in a
# temporary folder, then releases and publishes with compctl. The git CLI only builds the
# sample repositories; everything compctl does goes through libgit2.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
swift build -c release --product compctl >&2
bin="$(swift build -c release --show-bin-path)/compctl"
"$bin" --version

work="$(mktemp -d "${TMPDIR:-/tmp}/compctl-demo.XXXXXX")"
trap 'rm -rf "$work"' EXIT
# compctl keeps its cache of spec repos under $COMPCTL_HOME; COMPCTL_GIT_ISOLATE keeps the
# user's ~/.gitconfig (url rewrites, credential helpers) out of the demo.
export COMPCTL_HOME="$work/home" COMPCTL_GIT_ISOLATE=1
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
git() { command git -c user.name="Demo" -c user.email="demo@example.invalid" -c init.defaultBranch=main "$@"; }
step() { printf '\n== %s\n' "$*"; }

step "Turning Specs/ into a bare spec repo: $work/specs.git"
cp -R Specs "$work/specs-src"
git -C "$work/specs-src" init -q
git -C "$work/specs-src" add -A
git -C "$work/specs-src" commit -q -m "Acme iOS Specs"
git clone -q --bare "$work/specs-src" "$work/specs.git"
rm -rf "$work/specs-src"

step "Making a bare component repo for XXLogger, XXNetworking and XXUIKit from its newest spec"
for pod in XXLogger XXNetworking XXUIKit; do
    # `repo show` lists versions highest first: the second field is the newest.
    version="$("$bin" repo show Specs 2>/dev/null | awk -v pod="$pod" '$1 == pod { print $2 }')"
    spec="$(ls "Specs/$pod/$version/")"
    mkdir -p "$work/$pod/$pod/Classes"
    sed "s#https://git.acme.example/ios/$pod.git#$work/$pod.git#" "Specs/$pod/$version/$spec" > "$work/$pod/$spec"
    printf '# %s\n\nA sample component of the Acme app.\n' "$pod" > "$work/$pod/README.md"
    printf 'public enum %s {\n    public static let version = "%s"\n}\n' "$pod" "$version" > "$work/$pod/$pod/Classes/$pod.swift"
    git -C "$work/$pod" init -q
    git -C "$work/$pod" add -A
    git -C "$work/$pod" commit -q -m "$pod $version"
    git -C "$work/$pod" tag -a -m "Release $pod $version" "$version"
    git clone -q --bare "$work/$pod" "$work/$pod.git"
    git -C "$work/$pod" remote add origin "$work/$pod.git"
    git -C "$work/$pod" fetch -q origin
    git -C "$work/$pod" branch -q -u origin/main
    echo "$pod $version: $work/$pod (origin $work/$pod.git)"
done

step "bump --rc in XXLogger: the next release candidate, committed, tagged and pushed"
(cd "$work/XXLogger" && "$bin" bump --rc --push)

step "publish the rc's spec: lint, cycle and tag checks against the spec repo, then [Update] and push"
"$bin" publish "$work/XXLogger/XXLogger.podspec" --repo "$work/specs.git"

step "publishing the same version again is refused, and changes nothing"
"$bin" publish "$work/XXLogger/XXLogger.podspec" --repo "$work/specs.git" || echo "(exit $?)"

step "bump refuses a dirty work tree in XXNetworking, and changes nothing"
echo "// work in progress" >> "$work/XXNetworking/XXNetworking/Classes/XXNetworking.swift"
(cd "$work/XXNetworking" && "$bin" bump --patch) || echo "(exit $?)"

step "bump --rc --minor --push --publish in XXUIKit: release and publish in one go (dry run first)"
(cd "$work/XXUIKit" && "$bin" bump --rc --minor --push --publish "$work/specs.git" --dry-run)
(cd "$work/XXUIKit" && "$bin" bump --rc --minor --push --publish "$work/specs.git")

step "repo add acme: clone the spec repo into compctl's cache ($COMPCTL_HOME/repos/acme)"
"$bin" repo add acme "file://$work/specs.git"
"$bin" repo list

step "repo show acme: every pod, versions highest first, read from git objects (the new rcs included)"
"$bin" repo show acme

step "the spec repo's history"
git --git-dir "$work/specs.git" log --format='%h %s' -4

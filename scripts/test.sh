#!/usr/bin/env bash
# Every test: system packages, formatting, a build of the whole workspace
# (the plugin libraries the whole-game tests load), clippy with warnings as
# errors, the tests, a minute of fuzzing, and the SDK docs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cargo fmt --all --check
cargo build --workspace
cargo clippy --workspace --all-targets -- -D warnings
cargo test --workspace
# The fuzz harness, for one minute: crashes, hangs and inputs let in fail the run.
cargo run --quiet -p xtask -- fuzz --seconds 60 --game target/debug/emberdeep
RUSTDOCFLAGS="-D warnings" cargo doc -p emberdeep_api --no-deps

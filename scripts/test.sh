#!/usr/bin/env bash
# Every test: system packages, formatting, a build of the whole workspace
# (the plugin libraries the whole-game tests load), clippy with warnings as
# errors, every test (the whole-game ones too), the examples' own tests,
# the plugin template's tests (its scenario test in this game), a minute of
# fuzzing, and the SDK docs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cargo fmt --all --check
# Every target at once (tests and benches too), so the features the tests'
# dependencies ask for are decided once and `cargo test` rebuilds nothing.
# `whole-game` adds the tests that run the binary or build plugins with
# cargo, which `cargo test` alone leaves out: the same features in all three.
whole=(--workspace --all-targets --features emberdeep/whole-game)
cargo build "${whole[@]}"
cargo clippy "${whole[@]}" -- -D warnings
cargo test --workspace --features emberdeep/whole-game
# The examples are third-party plugins, each its own project: their own
# formatting and unit tests (the whole-game tests above built and played them).
for example in examples/*/; do
  cargo fmt --manifest-path "$example/Cargo.toml" --check
  cargo test --quiet --manifest-path "$example/Cargo.toml" --target-dir target/test-plugins
done
# The plugin template as an author starts from it, outside the workspace: its
# unit test, and its scenario test played by this game (`emberdeep check`).
rm -rf target/template-check && mkdir -p target/template-check
scripts/new-plugin.sh template_check target/template-check/template_check >/dev/null
EMBERDEEP="$PWD/target/debug/emberdeep" cargo test --quiet \
  --manifest-path target/template-check/template_check/Cargo.toml --target-dir target/test-plugins
# The fuzz harness, for one minute: crashes, hangs and inputs let in fail the run.
cargo run --quiet -p xtask -- fuzz --seconds 60 --game target/debug/emberdeep
RUSTDOCFLAGS="-D warnings" cargo doc -p emberdeep_api --no-deps

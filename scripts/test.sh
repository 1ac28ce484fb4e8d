#!/usr/bin/env bash
# Every test: system packages, formatting, a build of the whole workspace
# (the plugin libraries the whole-game tests load), clippy with warnings as
# errors, every test (the whole-game ones too), the examples' own tests,
# the plugin template's tests (its scenario test in this game), a minute of
# fuzzing, and the SDK docs.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step's time, printed as it ends and again, all together, at the end
# (the figures docs/performance.md keeps for CI).
timings=()
step() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  timings+=("$(printf '%5ds  %s' $((SECONDS - start)) "$name")")
  echo "step done in $((SECONDS - start))s: $name" >&2
}
trap 'printf "%s\n" "steps, seconds each:" "${timings[@]}" "${SECONDS}s in all" >&2' EXIT
step "system packages" scripts/install-deps.sh
step "formatting" cargo fmt --all --check
# Every target at once (tests and benches too), so the features the tests'
# dependencies ask for are decided once and `cargo test` rebuilds nothing.
# `whole-game` adds the tests that run the binary or build plugins with
# cargo, which `cargo test` alone leaves out: the same features in all three.
whole=(--workspace --all-targets --features emberdeep/whole-game)
step "build, every target" cargo build "${whole[@]}"
step "clippy" cargo clippy "${whole[@]}" -- -D warnings
step "tests" cargo test --workspace --features emberdeep/whole-game
# The examples are third-party plugins, each its own project: their own
# formatting and unit tests (the whole-game tests above built and played them).
examples() {
  for example in examples/*/; do
    cargo fmt --manifest-path "$example/Cargo.toml" --check
    cargo test --quiet --manifest-path "$example/Cargo.toml" --target-dir target/test-plugins
  done
}
step "examples' own tests" examples
# The plugin template as an author starts from it, outside the workspace: its
# unit test, and its scenario test played by this game (`emberdeep check`).
template() {
  rm -rf target/template-check && mkdir -p target/template-check
  scripts/new-plugin.sh template_check target/template-check/template_check >/dev/null
  EMBERDEEP="$PWD/target/debug/emberdeep" cargo test --quiet \
    --manifest-path target/template-check/template_check/Cargo.toml --target-dir target/test-plugins
}
step "the template's tests" template
# The fuzz harness, for one minute: crashes, hangs and inputs let in fail the run.
step "fuzzing" cargo run --quiet -p xtask -- fuzz --seconds 60 --game target/debug/emberdeep
step "SDK docs" env RUSTDOCFLAGS="-D warnings" cargo doc -p emberdeep_api --no-deps

#!/usr/bin/env bash
# Builds the game and its plugins (release) and plays. Extra arguments
# go to the game: scripts/play.sh --seed 42 --plugins core_combat
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cargo build --workspace --release
exec target/release/emberdeep "$@"

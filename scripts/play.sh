#!/usr/bin/env bash
# Builds the game and its plugins (release) and plays. Extra arguments
# go to the game: scripts/play.sh --seed 42 --plugins core_combat
# With no --plugins or --seed the game opens at its New Run screen.
# EMBERDEEP_PROFILE=debug builds and plays the debug build instead (faster
# to build; what the tests use).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
profile="${EMBERDEEP_PROFILE:-release}"
case "$profile" in
  release) cargo build --workspace --release ;;
  debug) cargo build --workspace ;;
  *) echo "EMBERDEEP_PROFILE is release or debug, not '$profile'" >&2; exit 2 ;;
esac
exec "target/$profile/emberdeep" "$@"

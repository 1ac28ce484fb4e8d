#!/usr/bin/env bash
# Builds this plugin and writes NAME.tar.gz, the package that
# `emberdeep plugin add NAME.tar.gz` checks and installs into the player's
# plugin folder (Emberdeep's docs/packages.md):
#
#   ./package.sh           a release build
#   ./package.sh --debug   a debug build
#
# Run it in the plugin's folder (the one holding Cargo.toml). The package
# holds NAME/libNAME.so, NAME/platform (the system it was built for) and
# NAME/data/NAME/ (the records and tiles of data/NAME/, if there are any). CARGO_TARGET_DIR is honoured; PACKAGE_OUT
# is the folder the package is written to (default: this one).
set -euo pipefail
profile=release
flag=(--release)
if [ "${1:-}" = --debug ]; then
  profile=debug
  flag=()
fi
name=$(sed -n 's/^name *= *"\([a-z0-9_]*\)".*/\1/p' Cargo.toml | head -n1)
if [ -z "$name" ]; then echo "package.sh: no package name in $(pwd)/Cargo.toml" >&2; exit 2; fi
cargo build --quiet "${flag[@]}"
target=${CARGO_TARGET_DIR:-target}
lib="$target/$profile/lib$name.so"
if [ ! -f "$lib" ]; then echo "package.sh: $lib was not built" >&2; exit 1; fi
out=$(cd "${PACKAGE_OUT:-.}" && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name"
cp "$lib" "$stage/$name/"
if [ -d "data/$name" ]; then
  mkdir -p "$stage/$name/data"
  cp -r "data/$name" "$stage/$name/data/"
fi
# The platform the library was built for, which `plugin add` compares with
# its own ("linux x86_64"): a package for another system is refused in one
# line rather than failing to load.
os=$(uname -s | tr '[:upper:]' '[:lower:]')
arch=$(uname -m)
case "$arch" in arm64) arch=aarch64 ;; esac
echo "$os $arch" >"$stage/$name/platform"
tar -czf "$out/$name.tar.gz" -C "$stage" "$name"
echo "wrote $out/$name.tar.gz; install it with: emberdeep plugin add $out/$name.tar.gz"

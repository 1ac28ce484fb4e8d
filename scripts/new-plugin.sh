#!/usr/bin/env bash
# Starts a new Emberdeep plugin from templates/plugin:
#   scripts/new-plugin.sh NAME [DIR]      (DIR defaults to ../NAME)
# The copy depends on this checkout's api crate by absolute path.
set -euo pipefail
name=${1:?usage: scripts/new-plugin.sh NAME [DIR]}
case "$name" in
  *[!a-z0-9_]*|[0-9_]*) echo "NAME must be lowercase letters, digits and _ (and start with a letter): $name" >&2; exit 2;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${2:-$root/../$name}
if [ -e "$dir" ]; then echo "$dir already exists; pick another DIR" >&2; exit 2; fi
cp -r "$root/templates/plugin" "$dir"
mv "$dir/data/my_plugin" "$dir/data/$name"
sed -i "s/my_plugin/$name/g" "$dir/Cargo.toml" "$dir/src/lib.rs" "$dir/README.md" "$dir/data/$name/records.toml" "$dir/tests/"*
sed -i "s|path = \"../emberdeep/api\"|path = \"$root/api\"|" "$dir/Cargo.toml"
echo "created $dir"
echo "next: cd $dir && cargo build && ./package.sh && emberdeep plugin add $name.tar.gz   (docs/packages.md)"

#!/usr/bin/env bash
# Writes the traces and summaries that show a refactor changed no behaviour:
# the bot's 20 runs for seeds 1..5, the five scenario checks of
# host/tests/checks played with their own keys, and three scripted runs.
# Run it before and after a change and compare the folders byte for byte:
#   scripts/behaviour-traces.sh /tmp/before   # on the old tree
#   scripts/behaviour-traces.sh /tmp/after    # on the new one
#   diff -r /tmp/before /tmp/after && echo identical
# GAME=path/to/emberdeep picks the binary (default: target/debug/emberdeep).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/behaviour-traces.sh OUTDIR}
game=${GAME:-target/debug/emberdeep}
mkdir -p "$out"
for s in 1 2 3 4 5; do
  "$game" --bot 20 --seed "$s" --jobs 1 --trace "$out/bot-$s.jsonl" >"$out/bot-$s.summary" 2>/dev/null
  "$game" trace summary "$out/bot-$s.jsonl" >"$out/bot-$s.table"
done
for f in host/tests/checks/*.txt; do
  name=$(basename "$f" .txt)
  awk '/^\[keys\]/{on=1;next} /^\[/{on=0} on' "$f" >"$out/$name.keys"
  "$game" --headless --scenario "$f" --keys-file "$out/$name.keys" --trace "$out/$name.jsonl" >"$out/$name.out" 2>&1
  "$game" trace summary "$out/$name.jsonl" >"$out/$name.table"
done
scripted=(
  "--seed 7|l l j j 3*h i a Esc 20*o Z > 10*o"
  "--seed 42|30*o g i a Enter f Enter Z G > 20*o"
  "--seed 1234|50*o Z 20*o G > 30*o i b Enter q"
)
i=0
for run in "${scripted[@]}"; do
  i=$((i + 1))
  "$game" --headless ${run%%|*} --keys "${run#*|}" --trace "$out/scripted-$i.jsonl" >"$out/scripted-$i.out" 2>&1
  "$game" trace summary "$out/scripted-$i.jsonl" >"$out/scripted-$i.table"
done
echo "wrote $(ls "$out" | wc -l) files to $out"

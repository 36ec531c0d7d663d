#!/usr/bin/env bash
# Runs `gunbai mate` on a file of Chu mate problems (the columns of
# /work/shared/tsume/chu-sample.tsv: id, lishogi SFEN, claimed length in
# plies, published solution in USI) and prints one line per problem, then
# a summary; the figures of docs/mate.md come from here.
#
#   scripts/mate-sample.sh [TSV] [SECONDS] [MAX_PLIES]
#
# The rule readings default to the sample's (its README); MATE_OPTIONS
# replaces them, e.g. MATE_OPTIONS='--preset hachu' or
# MATE_OPTIONS='--option protection_judged=before'. MATE_ONLY='kinu01 kinu07'
# runs only those problems; MATE_NODES=N gives each a budget of N nodes
# (the figures of docs/mate.md use MATE_NODES=200000).
#
# Columns: id, claimed, result, plies found, proven shortest, nodes,
# seconds, first move as published, whole line as published.
set -euo pipefail
tsv=${1:-/work/shared/tsume/chu-sample.tsv}
secs=${2:-10}
max=${3:-255}
gunbai=${GUNBAI:-$(dirname "$0")/../target/release/gunbai}
. "$(dirname "$0")/mate-sample-options.sh"
printf 'id\tclaimed\tresult\tplies\tshortest\tnodes\tseconds\tfirst\tline\n'
solved=0; total=0; same=0
while IFS=$'\t' read -r id sfen claimed solution; do
  [ "$id" = id ] && continue
  [ "$only" != "  " ] && [[ "$only" != *" $id "* ]] && continue
  total=$((total + 1))
  json=$("$gunbai" mate chu --sfen "$sfen" "${opts[@]}" --notation usi --format json \
           --time "$secs" ${MATE_NODES:+--nodes "$MATE_NODES"} --max-moves "$max" 2>/dev/null) || json='{"result":"error"}'
  read -r result plies shortest nodes seconds line < <(python3 -c '
import json, sys
v = json.loads(sys.argv[1])
print(v["result"], v.get("plies"), v.get("shortest"), v.get("nodes"), v.get("seconds"), ",".join(v.get("line", [])) or "-")
' "$json")
  first=no; whole=no
  [ "${line%%,*}" = "${solution%% *}" ] && first=yes
  [ "$line" = "${solution// /,}" ] && whole=yes
  [ "$result" = mate ] && [ "$plies" = "$claimed" ] && solved=$((solved + 1))
  [ "$whole" = yes ] && same=$((same + 1))
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$claimed" "$result" "$plies" "$shortest" "$nodes" "$seconds" "$first" "$whole"
done < "$tsv"
echo "mate at the claimed length: $solved of $total; the published line exactly: $same"

#!/usr/bin/env bash
# Checks the published line of every problem of a file of Chu mate
# problems (the columns of /work/shared/tsume/chu-sample.tsv: id, lishogi
# SFEN, claimed length in plies, published solution in USI) with
# `gunbai mate --check-line`, and prints one line per problem; the final
# table of docs/mate.md comes from here.
#
#   scripts/mate-check-lines.sh [TSV] [NODES] [SECONDS]
#
# NODES is each alternative defence's budget (default 100000), SECONDS
# the whole check's (default 600). The rule readings default to the
# sample's; MATE_OPTIONS replaces them. MATE_ONLY='kinu07 kinu13' checks
# only those problems.
#
# Columns: id, claimed, result, the ply the result points at, the
# escapes there, defender's plies where a defence needs more plies than
# the line's (ply:move:plies), alternatives mated, undecided (ply:move),
# not searched, nodes, seconds.
set -euo pipefail
tsv=${1:-/work/shared/tsume/chu-sample.tsv}
nodes=${2:-100000}
secs=${3:-600}
gunbai=${GUNBAI:-$(dirname "$0")/../target/release/gunbai}
. "$(dirname "$0")/mate-sample-options.sh"
printf 'id\tclaimed\tresult\tat\tescapes\tstronger\tmated\tundecided\tunsearched\tnodes\tseconds\n'
while IFS=$'\t' read -r id sfen claimed solution; do
  [ "$id" = id ] && continue
  [ "$only" != "  " ] && [[ "$only" != *" $id "* ]] && continue
  json=$("$gunbai" mate chu --sfen "$sfen" "${opts[@]}" --notation usi --format json \
           --check-line "$solution" --max-moves "$claimed" --nodes "$nodes" --time "$secs" 2>/dev/null) \
    || json='{"result":"error"}'
  python3 -c '
import json, sys
v = json.loads(sys.argv[2])
ds = v.get("defences", [])
at = v.get("at")
esc = [e for d in ds if d["ply"] == at for e in d["escapes"]]
stronger = ["%d:%s:%d" % (d["ply"], d["longest"]["move"], d["longest"]["plies"]) for d in ds if d["stronger"]]
und = ["%d:%s" % (d["ply"], u) for d in ds for u in d["undecided"]]
print("\t".join(str(x) for x in [sys.argv[1], sys.argv[3], v["result"], at or "-", " ".join(esc) or "-",
      " ".join(stronger) or "-", sum(d["mated"] for d in ds), " ".join(und) or "-",
      sum(d["unchecked"] for d in ds), v.get("nodes"), v.get("seconds")]))
' "$id" "$json" "$claimed"
done < "$tsv"

# Sourced by scripts/mate-sample.sh and scripts/mate-check-lines.sh: the
# rule readings the Chu sample's lines replay under (MATE_OPTIONS replaces
# them), into the array `opts`, and the problems to run (MATE_ONLY, ids
# separated by spaces; empty: all), into `only`, matched as " $id ".
if [ -n "${MATE_OPTIONS:-}" ]; then
  read -r -a opts <<< "$MATE_OPTIONS"
else
  opts=(--option protection_judged=after_counting_captured --option okazaki_counterstrike=true)
fi
only=" ${MATE_ONLY:-} "

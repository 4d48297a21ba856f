#!/usr/bin/env bash
# Seeds each fuzz target's corpus: the bundled scenarios of its rule set, and a save of a
# game the rules played in each rule set's first bundled scenario (HOLOTABLE: the built
# game's binary, by default the release one in $CARGO_TARGET_DIR or target/).
set -euo pipefail
cd "$(dirname "$0")"
bin="${HOLOTABLE:-${CARGO_TARGET_DIR:-../target}/release/holotable}"
for id in tyneside battlefield one_stat space_battle mass_combat; do
  mkdir -p "corpus/scenario_$id" corpus/save
  cp ../scenarios/$id/*.ron "corpus/scenario_$id/"
  first=$(ls ../scenarios/$id/*.ron | head -1)
  "$bin" run "$first" --ai all --seed 1 --save "corpus/save/$id.ron" > /dev/null
done
mkdir -p corpus/online_message

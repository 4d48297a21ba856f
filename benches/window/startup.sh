#!/usr/bin/env bash
# How long a player waits for the window (docs/performance.md, "The window's start").
# benches/window/startup.sh BIN [RUNS]: under Xvfb :77 at 1280x720 on the software renderer,
# `BIN play --startup-log` for the title, then `BIN play SCENARIO --ai all --startup-log` for
# one scenario of each rule set (the rules playing every side, so no hotseat hand-over hides
# the table), RUNS times each (default 3). Each run is a new process; the first
# has an empty shader cache (a new machine's first start), the others the cache the first
# left. Prints, per run: the title's seconds from exec to drawn in full, and each scenario's
# seconds from the game's start to its table drawn in full (the window's own --startup-log
# lines; a screen counts as drawn once no render pipeline is compiling).
# Needs: xvfb mesa-vulkan-drivers.
set -u
BIN=$1; RUNS=${2:-3}
D=:77
SCENARIOS="shooting_example capture_the_village first_skirmish a_star_wars_battle platoon_fight"
WORK=$(mktemp -d)
export MESA_SHADER_CACHE_DIR=$WORK/shader-cache
Xvfb $D -screen 0 1280x720x24 >/dev/null 2>&1 & XP=$!
trap 'kill $XP 2>/dev/null; rm -rf "$WORK"' EXIT
sleep 1

# wait_for LOG WORD: waits (up to 90 s) for a line starting with WORD; prints its number.
wait_for() {
  for _ in $(seq 1 900); do
    v=$(awk -v w="$2" '$1 == w {print $2; exit}' "$1" 2>/dev/null)
    [ -n "$v" ] && { echo "$v"; return 0; }
    sleep 0.1
  done
  echo "timeout"; return 1
}

# one ARGS...: starts BIN with a fresh data and config folder; the start time and log file.
one() {
  rm -rf "$WORK/data" "$WORK/cfg" "$WORK/log"
  start=$(date +%s.%N)
  DISPLAY=$D HOLOTABLE_DATA_DIR=$WORK/data HOLOTABLE_CONFIG_DIR=$WORK/cfg \
    "$BIN" play "$@" --startup-log "$WORK/log" >"$WORK/app.log" 2>&1 & AP=$!
}

for run in $(seq 1 "$RUNS"); do
  [ "$run" = 1 ] && cache="empty shader cache" || cache="shader cache kept"
  one
  t=$(wait_for "$WORK/log" title)
  kill $AP; wait $AP 2>/dev/null
  line="run $run ($cache): title $(python3 -c "print(f'{$t - $start:.2f}')" 2>/dev/null || echo "$t") s"
  for sc in $SCENARIOS; do
    one "$sc" --ai all --seed 1
    o=$(wait_for "$WORK/log" opened)
    kill $AP; wait $AP 2>/dev/null
    line="$line, $sc $o s"
  done
  echo "$line"
done

#!/usr/bin/env bash
# The CPU an idle window uses (docs/performance.md, "An idle window").
# benches/window/idle.sh BIN LABEL [ARGS...]: BIN ARGS under Xvfb :78 at 1280x720, 20 s to start,
# focused with the pointer over the table, then its user+system CPU over 10 s.
# Needs: xvfb xdotool mesa-vulkan-drivers.
BIN=$1; LABEL=$2; shift 2
D=:78
Xvfb $D -screen 0 1280x720x24 >/dev/null 2>&1 & XP=$!
sleep 1
DISPLAY=$D HOLOTABLE_DATA_DIR=/tmp/idle-data HOLOTABLE_CONFIG_DIR=/tmp/idle-cfg $BIN "$@" >/tmp/idle-app.log 2>&1 & AP=$!
sleep 20
w=$(DISPLAY=$D xdotool search --pid $AP 2>/dev/null | tail -n1)
[ -n "$w" ] && DISPLAY=$D xdotool windowfocus $w mousemove 640 400 2>/dev/null
sleep 5
t0=$(awk '{print $14+$15}' /proc/$AP/stat)
sleep 10
t1=$(awk '{print $14+$15}' /proc/$AP/stat)
echo "$LABEL: $(python3 -c "print(f'{($t1-$t0)/100/10*100:.1f}% of a core')")"
kill $AP; sleep 1; kill $XP

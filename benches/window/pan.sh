#!/usr/bin/env bash
# Frames a second while the table is panned (docs/performance.md, "Panning the table").
# benches/window/pan.sh BIN LABEL SCENARIO: `BIN play SCENARIO --frame-log` under Xvfb :79, the
# table panned with the middle button for 12 s; prints the mean of the last 12 seconds.
BIN=$1; LABEL=$2; SC=$3
D=:79
Xvfb $D -screen 0 1280x720x24 >/dev/null 2>&1 & XP=$!
sleep 1
rm -f /tmp/drag-$LABEL.txt
DISPLAY=$D HOLOTABLE_DATA_DIR=/tmp/idle-data HOLOTABLE_CONFIG_DIR=/tmp/idle-cfg $BIN play $SC --seed 3 --frame-log /tmp/drag-$LABEL.txt >/dev/null 2>&1 & AP=$!
sleep 20
w=$(DISPLAY=$D xdotool search --pid $AP 2>/dev/null | tail -n1)
DISPLAY=$D xdotool windowfocus $w mousemove 400 300 mousedown 2
for i in $(seq 1 60); do x=$((400 + (i % 20) * 10)); DISPLAY=$D xdotool mousemove $x 300; sleep 0.2; done
DISPLAY=$D xdotool mouseup 2
sleep 1
kill $AP; sleep 1; kill $XP
echo "$LABEL: $(tail -n 12 /tmp/drag-$LABEL.txt | awk '{s+=$2; n++} END {printf "%.1f fps (mean of %d one-second lines while panning)", s/n, n}')"

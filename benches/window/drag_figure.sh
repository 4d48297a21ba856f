#!/usr/bin/env bash
# Frames a second while a figure is dragged (docs/performance.md, "Dragging a figure").
# benches/window/drag_figure.sh BIN LABEL: `BIN play outpost_raid --frame-log` under Xvfb :79;
# End orders, then Rebel 1 dragged with the left button for 12 s (its path drawn and refused
# live: Advance must move towards an objective); prints the mean of the last 12 seconds.
BIN=$1; LABEL=$2
D=:79
Xvfb $D -screen 0 1280x720x24 >/dev/null 2>&1 & XP=$!
sleep 1
rm -rf /tmp/dg-data /tmp/dg-cfg /tmp/dragfig-$LABEL.txt
DISPLAY=$D HOLOTABLE_DATA_DIR=/tmp/dg-data HOLOTABLE_CONFIG_DIR=/tmp/dg-cfg $BIN play outpost_raid --seed 3 --frame-log /tmp/dragfig-$LABEL.txt >/dev/null 2>&1 & AP=$!
sleep 18
w=$(DISPLAY=$D xdotool search --pid $AP 2>/dev/null | tail -n1)
DISPLAY=$D xdotool windowfocus $w mousemove 343 11 mousedown 1 sleep 0.3 mouseup 1
sleep 4
DISPLAY=$D xdotool mousemove 115 520 mousedown 1
for i in $(seq 1 60); do x=$((115 + (i % 20) * 3)); DISPLAY=$D xdotool mousemove $x 520; sleep 0.2; done
DISPLAY=$D xdotool mousemove 115 520 mouseup 1
sleep 1
kill $AP; sleep 1; kill $XP
echo "$LABEL: $(tail -n 12 /tmp/dragfig-$LABEL.txt | awk '{s+=$2; n++} END {printf "%.1f fps (mean of %d one-second lines while dragging)", s/n, n}')"

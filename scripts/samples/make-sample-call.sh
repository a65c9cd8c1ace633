#!/bin/sh
# Makes the seeded sample meeting (apps/server/assets/samples/discovery-call/call.m4a) from
# script.txt beside it: "rep:" lines in flite's rms voice, "buyer:" lines in its slt voice, a
# short pause between turns. Run by hand when the script changes; the result is committed, so
# flite is not needed to start Parley. Needs: flite, ffmpeg.
set -eu
DIR="$(cd "$(dirname "$0")/../../apps/server/assets/samples/discovery-call" && pwd)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
n=0
: > "$WORK/list.txt"
while IFS= read -r line; do
  [ -n "$line" ] || continue
  n=$((n + 1))
  who="${line%%:*}"
  text="${line#*: }"
  voice=rms
  [ "$who" = "buyer" ] && voice=slt
  printf '%s' "$text" > "$WORK/$n.txt"
  flite -voice "$voice" -f "$WORK/$n.txt" -o "$WORK/$n.raw.wav"
  # One format for every turn, then 0.6 s of silence after it.
  ffmpeg -v error -y -i "$WORK/$n.raw.wav" -af "apad=pad_dur=0.6" -ar 16000 -ac 1 "$WORK/$n.wav"
  echo "file '$WORK/$n.wav'" >> "$WORK/list.txt"
done < "$DIR/script.txt"
ffmpeg -v error -y -f concat -safe 0 -i "$WORK/list.txt" -c:a aac -b:a 48k "$DIR/call.m4a"
ls -l "$DIR/call.m4a"

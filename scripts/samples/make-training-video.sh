#!/bin/sh
# Makes the seeded default training video (apps/server/assets/samples/prospecting-basics/video.mp4)
# from script.txt beside it: each paragraph is a slide (its first line the title) narrated by
# flite (the rms voice: of the Debian voices tried, the offline engine transcribes it best).
# Run by hand when the script changes; the result is committed, so neither flite nor this
# script is needed to start Parley. Needs: flite, ffmpeg, bc, fonts-dejavu-core.
# It also prints each slide's start and end, which the sample quiz's moments use.
set -eu
DIR="$(cd "$(dirname "$0")/../../apps/server/assets/samples/prospecting-basics" && pwd)"
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
BOLD=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
# Paragraphs to numbered files: title in N.title, narration in N.text.
awk -v dir="$WORK" 'BEGIN { n = 0; RS = ""; FS = "\n" }
  { n++; print $1 > (dir "/" n ".title"); text = "";
    for (i = 2; i <= NF; i++) text = text (i > 2 ? " " : "") $i;
    print text > (dir "/" n ".text") }' "$DIR/script.txt"
: > "$WORK/list.txt"
start=0
for title in "$WORK"/*.title; do
  n="$(basename "$title" .title)"
  # The pause after each slide separates them in the transcript.
  flite -voice rms -f "$WORK/$n.text" -o "$WORK/$n.wav"
  sox_len="$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$WORK/$n.wav")"
  len="$(echo "$sox_len + 0.8" | bc -l)"
  ffmpeg -v error -y -f lavfi -i "color=c=0x1e293b:s=960x540:r=10:d=$len" -i "$WORK/$n.wav" \
    -vf "drawtext=fontfile=$BOLD:textfile=$title:fontcolor=white:fontsize=52:x=(w-text_w)/2:y=h/2-60,\
drawtext=fontfile=$FONT:text='Prospecting basics · $n of 5':fontcolor=0x94a3b8:fontsize=24:x=(w-text_w)/2:y=h-80" \
    -af "apad=whole_dur=$len" -c:v libx264 -preset slow -crf 30 -pix_fmt yuv420p \
    -c:a aac -b:a 64k -ar 16000 -ac 1 -t "$len" "$WORK/$n.mp4"
  printf '%s\t%.2f\t%.2f\t%s\n' "$n" "$start" "$(echo "$start + $len" | bc -l)" "$(cat "$title")"
  start="$(echo "$start + $len" | bc -l)"
  echo "file '$WORK/$n.mp4'" >> "$WORK/list.txt"
done
ffmpeg -v error -y -f concat -safe 0 -i "$WORK/list.txt" -c copy -movflags +faststart "$DIR/video.mp4"
ls -l "$DIR/video.mp4"

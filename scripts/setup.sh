#!/bin/sh
# Installs what is missing and builds: shared by `npm start` and `npm test`.
# Usage: scripts/setup.sh [--with-browser]
set -eu
cd "$(dirname "$0")/.."

need_root() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "Parley: '$1' is missing and installing it needs root (apt-get install -y $2)." >&2
    exit 1
  fi
}

apt_install() {
  # $1 = command (or file) to look for, $2 = Debian package(s)
  if ! command -v "$1" >/dev/null 2>&1 && [ ! -e "$1" ]; then
    need_root "$1" "$2"
    echo "Parley: installing $2 from Debian's packages…"
    # Install from the current lists first; refresh them only if that fails.
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $2 >/dev/null 2>&1 || {
      apt-get update -qq >/dev/null 2>&1 || true
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $2 >/dev/null
    }
  fi
}

node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" -lt 20 ]; then
  echo "Parley needs Node.js 20 or later (found $(node --version))." >&2
  exit 1
fi

# Media probing, thumbnails and browser-playable renditions.
apt_install ffprobe ffmpeg
# Offline speech-to-text fallback for packages/analysis (engine and its en-us model).
apt_install pocketsphinx_continuous "pocketsphinx pocketsphinx-en-us"
# Speech synthesis for the notetaker's announcement and the practice interviewer's voices.
apt_install espeak-ng espeak-ng
# The PDF reports' font, for names and transcripts in any script. Optional: without it the
# reports fall back to Helvetica, which covers Western European text only.
REPORT_FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
if [ ! -e "$REPORT_FONT" ] && [ "$(id -u)" -ne 0 ]; then
  echo "Parley: fonts-dejavu-core is missing; PDF reports use Helvetica (apt-get install -y fonts-dejavu-core)." >&2
else
  apt_install "$REPORT_FONT" fonts-dejavu-core
fi

if [ "${1:-}" = "--with-browser" ]; then
  apt_install chromium chromium
fi

# Reinstall when the lockfile changed since the last install.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Parley: installing npm dependencies…"
  npm ci --no-audit --no-fund --loglevel=error
fi

echo "Parley: building…"
npm run build --silent

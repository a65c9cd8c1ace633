#!/bin/sh
# Serves the built app (`npm start` runs it after setup; the browser journeys run it too).
# With HOST unset it listens on 127.0.0.1 only and turns on the development outbox, where
# sign-in codes can be read (GET /api/v1/dev/outbox?email=ADDRESS). Any HOST you set leaves
# the outbox off: codes then come by e-mail (SMTP_URL) or are printed in the server log.
set -eu
cd "$(dirname "$0")/.."
if [ -z "${HOST:-}" ]; then
  export HOST=127.0.0.1
  if [ "${NODE_ENV:-development}" != production ]; then
    export DEV_OUTBOX="${DEV_OUTBOX:-true}"
  fi
fi
exec node apps/server/dist/main.js

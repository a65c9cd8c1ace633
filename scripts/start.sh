#!/bin/sh
# `npm start`: install what is missing, build, then serve (the server migrates and seeds on start).
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh
exec sh scripts/serve.sh

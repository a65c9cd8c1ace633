#!/bin/sh
# `npm test`: the whole suite — lint, type-check, unit and API tests, browser journeys.
# API tests also run on PostgreSQL when TEST_DATABASE_URL is set.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh --with-browser

echo "Parley: lint and type-check…"
npx eslint . --max-warnings=0
npx tsc -p apps/server/tsconfig.test.json
npx tsc -p packages/analysis/tsconfig.test.json
npx tsc -p packages/ai/tsconfig.test.json
npx tsc -p apps/web/tsconfig.json --noEmit

echo "Parley: unit and API tests…"
npx vitest run

echo "Parley: browser journeys…"
npx playwright test -c e2e/playwright.config.ts

#!/usr/bin/env bash
# `npm test`: every check. The first ones side by side: the type check keeps one core busy on its own for
# most of its time, while the other core lints, checks the migrations and builds the client the end-to-end
# project serves (its global setup then finds the build fresh, e2e/global-setup.ts). Then the unit project
# and the end-to-end project, one after the other (docs/decisions/026-the-gate.md).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/phase.sh

phase "typecheck" npm run typecheck &
typecheck=$!
# A failing check ends the run at once: the type check with it.
trap 'kill "$typecheck" 2>/dev/null || true' EXIT
phase "lint" npm run lint
phase "migration check" npm run check:migrations
phase "client build" env NODE_ENV=production npm run build -- --logLevel warn
wait "$typecheck"
trap - EXIT

phase "unit project" npm run test:unit
phase "end-to-end project" npm run test:e2e

#!/usr/bin/env bash
# What .ci/run runs beside the server layer (TEST_BESIDE_SERVER, scripts/test.mjs; README, "Tests"): the
# layers that exercise the runtime itself, the unit layer and the server layer (the API, PGlite and
# PostgreSQL, crypto, streams, worker threads, the built pages), again on Node 22, the other supported LTS.
# The server layer runs its files one at a time, so on two cores both Node versions' server layers run at
# once. NODE22_BIN: the folder holding Node 22's `node`. Its reports go to .tmp/test-results-node22.
set -euo pipefail
cd "$(dirname "$0")/.."
PATH="${NODE22_BIN:?set NODE22_BIN to the folder holding Node 22}:$PATH"
export PATH TEST_RESULTS_DIR=.tmp/test-results-node22
echo "▸ Node $(node --version): unit and server layers"
npm test -- unit server

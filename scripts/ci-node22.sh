#!/usr/bin/env bash
# What .ci/run runs beside the server layer (TEST_BESIDE_SERVER, scripts/test.mjs; README, "Tests"): the
# product on Node 22, the other supported LTS, where the runtime itself is what is being tested.
#   - the unit layer, whole;
#   - the server-layer files that exercise each part of the runtime the server uses: start-up and the data
#     directory's lock (fs), SIGTERM draining and kill -9 (signals, http), the supervisor and its workers
#     (child processes, cluster), the page threads and the beacon's shared rate limit (worker_threads,
#     SharedArrayBuffer, Atomics), the page cache (zlib's brotli), the API over HTTP (rest, auth's crypto,
#     storage's streams, bad input, fuzzing), the functions (fetch), mail (net, SMTP), backups, metrics.
# The rest of the server layer (the database rules: the RLS matrix, queries, the leads pipeline; the
# developer tools: the Vite dev server, the types' drift) is the same SQL and the same code paths on either
# runtime, and runs on Node 24 beside this. Run on two cores beside the Node 24 server layer, which runs its
# files one at a time, this ends about when that layer does (the whole server layer again took 994 s here,
# slowing the browser layer after it by 140 s).
# NODE22_BIN: the folder holding Node 22's `node`. Reports in .tmp/test-results-node22.
set -euo pipefail
cd "$(dirname "$0")/.."
PATH="${NODE22_BIN:?set NODE22_BIN to the folder holding Node 22}:$PATH"
export PATH TEST_RESULTS_DIR=.tmp/test-results-node22
echo "▸ Node $(node --version): unit layer"
npm test -- unit
RUNTIME_FILES=(
  startup data-dir shutdown durability crash-proof damaged-page supervisor cluster-workers-limits
  analytics-threads page-cache pages-bad-input rest auth storage oversized-upload bad-input fuzz request-id
  throttling functions edge-functions-deno image-render mail backup metrics
)
echo "▸ Node $(node --version): the server layer's runtime files (${#RUNTIME_FILES[@]})"
npx vitest run --project server $(printf "tests/conformance/%s.test.ts " "${RUNTIME_FILES[@]}") \
  --reporter=default --reporter=json --outputFile="$TEST_RESULTS_DIR/server.json"

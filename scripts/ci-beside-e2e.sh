#!/usr/bin/env bash
# What .ci/run runs beside the e2e layer (TEST_BESIDE_E2E, scripts/test.mjs; README, "Tests"), one after the
# other (Node 22's tests run earlier, beside the server layer: ci-node22.sh):
#   1. the Storybook build (the workbench as Chromatic and reviewers get it);
#   2. the deploy check (scripts/ci-deploy.sh check) once .ci/run's background job has built the images
#      and brought the stack up (it writes its exit code to $DEPLOY_STATE_DIR/build-up.rc); its output goes
#      to $DEPLOY_STATE_DIR/ci-deploy.log, its summary to summary.txt there.
# Exits non-zero when either failed; the last lines say which.
set -uo pipefail
cd "$(dirname "$0")/.."
STATE="${DEPLOY_STATE_DIR:-$PWD/.tmp/ci-deploy}"
START=$SECONDS

deploy_lane() {
  local waited=$SECONDS
  # The images are built at the lowest priority from the start of the run; 40 minutes is far past any build seen.
  while [ ! -f "$STATE/build-up.rc" ]; do
    if [ $((SECONDS - waited)) -gt 2400 ]; then
      echo "the images were not built after 40 minutes" >"$STATE/check.result"
      return 1
    fi
    sleep 5
  done
  if [ "$(cat "$STATE/build-up.rc")" != 0 ]; then
    echo "FAIL (building the images or starting the stack; see $STATE/ci-deploy.log)" >"$STATE/check.result"
    return 1
  fi
  echo "▸ [beside e2e] deploy check: images built and stack up ($((SECONDS - waited)) s waited); running it" >>"$STATE/ci-deploy.log"
  if bash scripts/ci-deploy.sh check >>"$STATE/ci-deploy.log" 2>&1; then
    echo "OK" >"$STATE/check.result"
  else
    echo "FAIL (see $STATE/ci-deploy.log)" >"$STATE/check.result"
    return 1
  fi
}

# One after the other, not at once, to keep the CPU they take beside the e2e groups small; the lane still
# ends long before the e2e layer. (The sign-in failures of rehearsals ci5 and ci9, first blamed on that load,
# came from the deploy check's containers: each new veth pair made Chromium fail its requests in flight with
# ERR_NETWORK_CHANGED. The e2e layer now runs in a network namespace of its own: scripts/lib/own-network.mjs.)
STORYBOOK_RC=0
echo "▸ Storybook build"
npm run build-storybook -- --quiet >/dev/null || STORYBOOK_RC=$?
STORYBOOK_TIME=$((SECONDS - START))

DEPLOY_RC=0
[ -n "${DEPLOY_STATE_DIR:-}" ] && { deploy_lane || DEPLOY_RC=$?; }

echo "▸ Storybook build: $([ "$STORYBOOK_RC" = 0 ] && echo OK || echo "FAILED (exit $STORYBOOK_RC)"), ${STORYBOOK_TIME} s"
[ -n "${DEPLOY_STATE_DIR:-}" ] && echo "▸ Deploy check: $(cat "$STATE/check.result" 2>/dev/null || echo "no result"), done after $((SECONDS - START)) s"
[ "$STORYBOOK_RC" = 0 ] && [ "$DEPLOY_RC" = 0 ]

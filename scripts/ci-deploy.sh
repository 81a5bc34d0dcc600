#!/usr/bin/env bash
# The deploy check as a CI step (docs/deploy.md, "The deploy check in CI"): builds the local Debian base
# images and the compose stack's images, brings the stack up, runs scripts/deploy-check.mjs against it
# (a rolling deploy of both web nodes under load, then one node killed with SIGKILL), and takes it all
# down again. Exits non-zero when the check fails: a page request or a submission failed during the
# rolling deploy, an acknowledged submission is missing from the database or stored twice, a node did
# not exit 0 or did not come back.
#
#   sudo bash scripts/ci-deploy.sh            # everything: build, check, cleanup
#   sudo bash scripts/ci-deploy.sh build      # tools, dockerd, base images, docker-compose build
#   sudo bash scripts/ci-deploy.sh up         # a fresh stack, up until both nodes are ready
#   sudo bash scripts/ci-deploy.sh check      # (up unless it is,) deploy-check, down -v (after `build`)
#   sudo bash scripts/ci-deploy.sh cleanup    # down -v, and stop the dockerd that `build` started
#
# `.ci/run` runs `build up` in the background while the test layers run, and `check` beside the e2e layer
# (scripts/ci-beside-e2e.sh). Run as root on Debian 12: docker.io, docker-compose and debootstrap are installed with apt-get
# when missing, and dockerd is started when no daemon answers (and stopped again by `cleanup`; a daemon
# that was already running is left alone). Needs Node 22.18+ or 24 on PATH for the check.
#
# Settings: LB_PORT (18080: where the balancer is published on 127.0.0.1), DEPLOY_PROJECT (wasla-ci:
# the compose project), DEPLOY_CHECK_MODES ("recreate": one run per mode, of stop-start, restart,
# recreate), DEPLOY_CHECK_ARGS (more options for deploy-check.mjs), REBUILD_BASE=1 (build the base
# images even when they exist), IMAGE_PREFIX (wasla: the base images' names), DEPLOY_STATE_DIR
# (.tmp/ci-deploy: dockerd's pid, its log, the summary).
set -euo pipefail
cd "$(dirname "$0")/.."

export LB_PORT="${LB_PORT:-18080}"
PROJECT="${DEPLOY_PROJECT:-wasla-ci}"
MODES="${DEPLOY_CHECK_MODES:-recreate}"
PREFIX="${IMAGE_PREFIX:-wasla}"
STATE="${DEPLOY_STATE_DIR:-$PWD/.tmp/ci-deploy}"
SUMMARY="$STATE/summary.txt"
# The compose file's bases: the local ones this script builds (no registry is assumed).
export BASE_IMAGE="${BASE_IMAGE:-$PREFIX/debian-node:bookworm}" DEBIAN_IMAGE="${DEBIAN_IMAGE:-$PREFIX/debian:bookworm}"
export COMPOSE_PROJECT_NAME="$PROJECT"
mkdir -p "$STATE"

say() { echo "▸ [ci-deploy $(date -u +%T)] $*"; }
die() { echo "✖ [ci-deploy] $*" >&2; exit 1; }
# One line of the summary that .ci/run prints at the end.
note() {
  echo "$*" >>"$SUMMARY"
  say "$*"
}

tools() {
  [ "$(id -u)" = 0 ] || die "run as root (dockerd and debootstrap need it)"
  local need=()
  command -v dockerd >/dev/null || need+=(docker.io)
  command -v docker-compose >/dev/null || need+=(docker-compose)
  command -v debootstrap >/dev/null || need+=(debootstrap)
  if [ "${#need[@]}" -gt 0 ]; then
    say "installing ${need[*]} with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need[@]}" ca-certificates >/dev/null
  fi
}

# A daemon, started here (in a session of its own, so that stopping the build job leaves it to
# `cleanup`) when none answers. It inherits this script's priority: `.ci/run` starts `build` with nice.
daemon() {
  docker info >/dev/null 2>&1 && return 0
  say "starting dockerd (log: $STATE/dockerd.log)"
  setsid dockerd >"$STATE/dockerd.log" 2>&1 </dev/null &
  echo $! >"$STATE/dockerd.pid"
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && return 0
    kill -0 "$(cat "$STATE/dockerd.pid")" 2>/dev/null || die "dockerd exited; see $STATE/dockerd.log"
    sleep 1
  done
  die "dockerd did not answer within 60 s; see $STATE/dockerd.log"
}

build() {
  : >"$SUMMARY"
  local t=$SECONDS
  tools
  daemon
  local t0=$SECONDS
  if [ "${REBUILD_BASE:-0}" != 1 ] && docker image inspect "$BASE_IMAGE" "$DEBIAN_IMAGE" >/dev/null 2>&1; then
    note "base images: $BASE_IMAGE and $DEBIAN_IMAGE exist, reused (REBUILD_BASE=1 builds them again)"
  else
    say "building the base images (scripts/debian-base-image.sh)"
    IMAGE_PREFIX="$PREFIX" bash scripts/debian-base-image.sh
    note "base images built in $((SECONDS - t0)) s"
  fi
  t0=$SECONDS
  say "docker-compose build"
  docker-compose build
  note "docker-compose build (PostgreSQL, web, HAProxy) in $((SECONDS - t0)) s"
  note "build step: $((SECONDS - t)) s"
}

compose_down() {
  docker info >/dev/null 2>&1 || return 0
  docker-compose down -v --remove-orphans >/dev/null 2>&1 || true
}

# Whether every web node answers /readyz 200 (asked inside its container: only the balancer is published).
nodes_ready() {
  local probe='fetch(`http://127.0.0.1:${process.env.PORT || 3000}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))'
  local svc id
  for svc in web1 web2; do
    id="$(docker-compose ps -q "$svc")"
    [ -n "$id" ] && docker exec "$id" node -e "$probe" >/dev/null 2>&1 || return 1
  done
}

# dockerd (and the containerd it runs) back at the normal priority when `build` started it with nice:
# the containers started from now on (the stack) inherit it.
normal_priority() {
  [ -f "$STATE/dockerd.pid" ] || return 0
  local pid
  pid="$(cat "$STATE/dockerd.pid")"
  # shellcheck disable=SC2046
  renice -n 0 -p "$pid" $(pgrep -P "$pid" || true) >/dev/null 2>&1 || true
}

# A fresh stack (its database volume too), up until the balancer and both nodes answer /readyz 200.
up() {
  local t=$SECONDS
  daemon
  normal_priority
  STACK_UP=1
  compose_down
  say "docker-compose up -d (balancer on 127.0.0.1:$LB_PORT)"
  docker-compose up -d
  until curl -sf -o /dev/null "http://127.0.0.1:$LB_PORT/readyz" && nodes_ready; do
    if [ $((SECONDS - t)) -gt 180 ]; then
      docker-compose ps
      docker-compose logs --no-color --tail=50
      note "deploy check: FAIL (the stack was not ready 180 s after up)"
      return 1
    fi
    sleep 1
  done
  note "stack up: both nodes ready $((SECONDS - t)) s after up (load average $(cut -d' ' -f1-3 /proc/loadavg))"
}

check() {
  local t=$SECONDS failed=0 mode log
  daemon
  normal_priority
  # `up` may have run already (.ci/run runs it at the end of the build job).
  if [ -n "$(docker-compose ps -q web1 2>/dev/null)" ] && nodes_ready; then
    STACK_UP=1
  else
    up
  fi
  for mode in $MODES; do
    log="$STATE/deploy-check-$mode.log"
    say "node scripts/deploy-check.mjs --mode $mode ${DEPLOY_CHECK_ARGS:-}"
    # shellcheck disable=SC2086
    if node scripts/deploy-check.mjs --url "http://127.0.0.1:$LB_PORT" --project "$PROJECT" --mode "$mode" ${DEPLOY_CHECK_ARGS:-} 2>&1 | tee "$log"; then
      :
    else
      failed=1
      echo "--- docker-compose logs (last 40 lines per service) ---"
      docker-compose logs --no-color --tail=40 || true
    fi
    {
      echo "deploy check, mode $mode:"
      grep -E '^(page GETs|form POSTs|beacon POSTs|  [0-9]+ answered 204|  SIGKILL phase|submissions|  [0-9]+ submission|  [0-9]+ not acknowledged|RESULT)|^[A-Za-z0-9_-]+( SIGKILL)?: .*exit code|in flight across SIGTERM' "$log" | sed 's/^/  /' || true
      # Each failed request with its phase and answer, and what the balancer logged of it (it logs only
      # failed and retried requests): the summary is all a CI run keeps of a failure.
      if [ "$failed" != 0 ]; then
        sed -n '/^failures by reason:/,/^RESULT/p' "$log" | grep -v '^RESULT' | head -25 | sed 's/^/  /'
        echo "  balancer log (last 15 lines):"
        docker-compose logs --no-color --tail=15 lb 2>/dev/null | sed 's/^/    /' || true
      fi
    } >>"$SUMMARY"
  done
  compose_down
  STACK_UP=0
  note "check step: $((SECONDS - t)) s (load average $(cut -d' ' -f1-3 /proc/loadavg))"
  if [ "$failed" != 0 ]; then
    note "deploy check: FAIL (log above; $STATE/deploy-check-*.log)"
    return 1
  fi
  note "deploy check: OK"
}

cleanup() {
  compose_down
  if [ -f "$STATE/dockerd.pid" ]; then
    local pid
    pid="$(cat "$STATE/dockerd.pid")"
    if kill -0 "$pid" 2>/dev/null; then
      say "stopping dockerd (pid $pid)"
      kill "$pid"
      for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
      kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    fi
    rm -f "$STATE/dockerd.pid"
  fi
}

# Whatever happens (a failed step, SIGTERM from .ci/run's trap), a stack this run started goes down unless
# it was left up on purpose (`up` that succeeded), and with `all` the dockerd it started stops.
STACK_UP=0
CLEANUP=0
on_exit() {
  local rc=$?
  if [ "$CLEANUP" = 1 ]; then
    cleanup
  elif [ "$STACK_UP" = 1 ] && [ "$rc" != 0 ]; then
    compose_down
  fi
}
trap on_exit EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

[ $# -gt 0 ] || set -- all
for step in "$@"; do
  case "$step" in
    build) build ;;
    up) up ;;
    check) check ;;
    cleanup) cleanup ;;
    all)
      CLEANUP=1
      build
      check
      ;;
    *) die "usage: $0 [build] [up] [check] [cleanup] | all" ;;
  esac
done

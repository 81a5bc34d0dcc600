#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 cluster on 127.0.0.1 (a free port, trust auth on loopback only),
# creates a database and prints its URL. Use:
#   eval "$(bash scripts/ci-postgres.sh)"     # exports TEST_DATABASE_URL (and PG_CI_DIR)
#   bash scripts/ci-postgres.sh stop          # stops the cluster started last and removes it
# Installs Debian's postgresql package with apt-get when it is missing. Must run as root (CI) or as
# a user that can run commands as `postgres` with runuser.
set -euo pipefail

STATE_FILE="${TMPDIR:-/tmp}/ci-postgres.state"

as_postgres() {
  if [ "$(id -un)" = "postgres" ]; then "$@"; else runuser -u postgres -- "$@"; fi
}

if [ "${1:-}" = "stop" ]; then
  if [ -f "$STATE_FILE" ]; then
    # shellcheck disable=SC1090
    . "$STATE_FILE"
    as_postgres "$PG_BIN/pg_ctl" -D "$PG_CI_DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$PG_CI_DIR" "$STATE_FILE"
  fi
  exit 0
fi

PG_BIN=""
for v in 15 16 17 18; do
  if [ -x "/usr/lib/postgresql/$v/bin/initdb" ]; then PG_BIN="/usr/lib/postgresql/$v/bin"; break; fi
done
if [ -z "$PG_BIN" ]; then
  echo "ci-postgres: installing postgresql with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends postgresql >&2
  # The package creates and starts a default cluster; it is not needed.
  (pg_lsclusters -h 2>/dev/null | while read -r ver name _; do pg_ctlcluster "$ver" "$name" stop || true; done) >&2 || true
  for v in 15 16 17 18; do
    if [ -x "/usr/lib/postgresql/$v/bin/initdb" ]; then PG_BIN="/usr/lib/postgresql/$v/bin"; break; fi
  done
fi
[ -n "$PG_BIN" ] || { echo "ci-postgres: no PostgreSQL server binaries found" >&2; exit 1; }

PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
PG_CI_DIR="$(mktemp -d "${TMPDIR:-/tmp}/ci-postgres.XXXXXX")"
chown postgres:postgres "$PG_CI_DIR" 2>/dev/null || true
chmod 700 "$PG_CI_DIR"

as_postgres "$PG_BIN/initdb" -D "$PG_CI_DIR/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
as_postgres "$PG_BIN/pg_ctl" -D "$PG_CI_DIR/data" -l "$PG_CI_DIR/server.log" -w -t 60 \
  -o "-p $PORT -k $PG_CI_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off" start >/dev/null
as_postgres "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres app_test

URL="postgres://postgres@127.0.0.1:$PORT/app_test"
cat > "$STATE_FILE" <<STATE
PG_BIN=$PG_BIN
PG_CI_DIR=$PG_CI_DIR
STATE
echo "ci-postgres: $("$PG_BIN/postgres" --version) on $URL (data in $PG_CI_DIR)" >&2
echo "export TEST_DATABASE_URL=$URL"
echo "export PG_CI_DIR=$PG_CI_DIR"

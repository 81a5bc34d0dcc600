#!/bin/sh
# First start on an empty volume: initdb (data checksums on) with POSTGRES_USER as the superuser (password POSTGRES_PASSWORD,
# required for connections over the network) and a database POSTGRES_DB. Then runs PostgreSQL in the
# foreground, listening on every interface of the container.
set -eu
: "${POSTGRES_USER:=postgres}"
: "${POSTGRES_DB:=$POSTGRES_USER}"

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD (network connections need it)}"
  echo "entrypoint: initialising $PGDATA"
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb --username="$POSTGRES_USER" --pwfile="$pwfile" --encoding=UTF8 --locale=C.UTF-8 --data-checksums \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != "postgres" ]; then
    echo "CREATE DATABASE \"$POSTGRES_DB\" OWNER \"$POSTGRES_USER\";" |
      postgres --single -D "$PGDATA" postgres >/dev/null
  fi
  echo "entrypoint: database $POSTGRES_DB ready for user $POSTGRES_USER"
fi

if [ "${1:-}" = "postgres" ]; then
  shift
  exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
fi
exec "$@"

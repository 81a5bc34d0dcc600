#!/bin/sh
# Runs nginx and keeps its upstream list to the nodes that are ready: every second each node of
# $UPSTREAMS ("host:port host:port") is asked GET /readyz (1 s timeout); the ones answering 200 form the
# upstream block, and nginx reloads when that set changes. When none is ready, all are listed (nginx then
# answers from whichever recovers first rather than a blanket 502). Open-source nginx has no active
# health checks: this is the small loop that stands in for them.
set -eu
: "${UPSTREAMS:?set UPSTREAMS to the nodes, e.g. "web1:3000 web2:3000"}"
CONF=/etc/nginx/upstream.conf

write() {
  {
    echo "upstream wasla {"
    for n in $1; do echo "    server $n max_fails=1 fail_timeout=2s;"; done
    echo "    keepalive 16;"
    echo "}"
  } > "$CONF.new"
  mv "$CONF.new" "$CONF"
}

write "$UPSTREAMS"
nginx -g "daemon off;" &
NGINX=$!
trap 'kill -QUIT "$NGINX" 2>/dev/null; wait "$NGINX"; exit 0' TERM INT QUIT

current="$UPSTREAMS"
while kill -0 "$NGINX" 2>/dev/null; do
  ready=""
  for n in $UPSTREAMS; do
    if curl -fs -m 1 -o /dev/null "http://$n/readyz"; then ready="$ready $n"; fi
  done
  ready="${ready# }"
  [ -n "$ready" ] || ready="$UPSTREAMS"
  if [ "$ready" != "$current" ]; then
    echo "ready-watch: ready nodes: $ready"
    write "$ready"
    nginx -s reload || true
    current="$ready"
  fi
  sleep 1 &
  wait $! || true
done
wait "$NGINX"

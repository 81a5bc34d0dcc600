#!/bin/sh
# Writes the backends from $UPSTREAMS ("host:port host:port", the web nodes) and $ANALYTICS_UPSTREAMS (their
# analytics listeners, optional) and runs HAProxy in the
# foreground. Each node is checked on GET /readyz every second: one failed check takes it out of the
# rotation, one good check puts it back (when none is ready, see "fallback" below). Names are resolved at run time through Docker's DNS, so a node
# whose container was recreated with another address is found again without a reload.
set -eu
: "${UPSTREAMS:?set UPSTREAMS to the web nodes, e.g. "web1:3000 web2:3000"}"
BACKEND="${HAPROXY_BACKEND_FILE:-/run/haproxy-backend.cfg}"
servers() {
  for n in ${1:-$UPSTREAMS}; do
    echo "    server $(echo "${n%%:*}" | tr -c 'A-Za-z0-9_.\n-' _) $n"
  done
}
{
  echo "backend nodes"
  echo "    balance roundrobin"
  echo "    option httpchk GET /readyz"
  echo "    http-check expect status 200"
  echo "    default-server check inter 1s fall 1 rise 1 resolvers docker resolve-prefer ipv4 init-addr last,libc,none"
  servers
  # When no node is ready (the database is down for all of them), the nodes that still accept
  # connections: they answer the pages they have cached, which beats a 503 from the balancer.
  echo "backend fallback"
  echo "    balance roundrobin"
  echo "    default-server check inter 1s fall 1 rise 1 resolvers docker resolve-prefer ipv4 init-addr last,libc,none"
  servers
  # The analytics beacon (POST /api/event): the nodes' analytics listeners ($ANALYTICS_UPSTREAMS, the nodes'
  # ANALYTICS_PORT), so that no thread serving pages answers it (docs/analytics.md, "A listener of its own").
  # Each listener is checked on its node's own /readyz (the port of the same host in $UPSTREAMS), not by a
  # connection: a node that got SIGTERM answers 503 there at once and keeps its listener open for
  # SHUTDOWN_DELAY_SECONDS, so the balancer has stopped sending it beacons before the listener closes. A
  # connection check saw the node only once the listener had closed, and a beacon that reached the closing
  # listener was reset after it was sent, which HAProxy does not retry for a POST. Unset: the nodes' own
  # port, like the pages.
  echo "backend beacon"
  echo "    balance roundrobin"
  echo "    option httpchk GET /readyz"
  echo "    http-check expect status 200"
  echo "    default-server check inter 1s fall 1 rise 1 resolvers docker resolve-prefer ipv4 init-addr last,libc,none"
  for a in ${ANALYTICS_UPSTREAMS:-$UPSTREAMS}; do
    node_port=""
    for n in $UPSTREAMS; do
      [ "${n%%:*}" = "${a%%:*}" ] && node_port="${n##*:}"
    done
    if [ -z "$node_port" ]; then
      echo "entrypoint: ANALYTICS_UPSTREAMS names ${a%%:*}, which is not in UPSTREAMS ($UPSTREAMS)" >&2
      exit 1
    fi
    echo "    server $(echo "${a%%:*}" | tr -c 'A-Za-z0-9_.\n-' _) $a port $node_port"
  done
} >"$BACKEND"
exec haproxy -W -db -f /etc/haproxy/haproxy.cfg -f "$BACKEND"

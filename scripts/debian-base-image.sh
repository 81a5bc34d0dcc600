#!/usr/bin/env bash
# Builds local Debian base images for machines that cannot pull from a registry (README, "Deploy"):
#
#   wasla/debian:bookworm        Debian (minbase + ca-certificates), made with debootstrap, trimmed like
#                                Debian's -slim images; with the CA certificates this host added itself
#   wasla/debian-node:bookworm   the same plus Node 24 and npm, and a `node` user (uid 1000)
#
# then builds nothing else; use them with (docs/deploy.md)
#   docker build --build-arg BASE_IMAGE=wasla/debian-node:bookworm -t wasla-web .
#   BASE_IMAGE=wasla/debian-node:bookworm DEBIAN_IMAGE=wasla/debian:bookworm docker-compose up --build -d
# (the compose file builds PostgreSQL and HAProxy from Debian's packages on DEBIAN_IMAGE too).
#
# Run as root on Debian or Ubuntu. It installs debootstrap and Debian's docker.io with apt-get when they
# are missing, and starts dockerd itself when no daemon answers (its log: /var/log/wasla-dockerd.log).
# Debian packages come from DEBIAN_MIRROR (default: the host's apt mirror, else deb.debian.org); Node
# and npm from the npm registry (the `node` and `npm` packages, as `npm start` fetches Node 24 on an
# older machine).
#
# Settings: SUITE (bookworm), DEBIAN_MIRROR, NODE_VERSION (24), NPM_VERSION (11), IMAGE_PREFIX (wasla),
# HOST_CA_CERTS=0 (leave out /usr/local/share/ca-certificates/*.crt of this host).
set -euo pipefail

SUITE="${SUITE:-bookworm}"
# The mirror this machine's apt already uses (it is known to be reachable), else Debian's CDN.
HOST_MIRROR="$(grep -h -m1 -oP '^URIs: \K\S+|^deb \K\S+' /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null | grep -v security | head -1 || true)"
DEBIAN_MIRROR="${DEBIAN_MIRROR:-${HOST_MIRROR:-http://deb.debian.org/debian}}"
NODE_VERSION="${NODE_VERSION:-24}"
NPM_VERSION="${NPM_VERSION:-11}"
PREFIX="${IMAGE_PREFIX:-wasla}"
PLAIN="$PREFIX/debian:$SUITE"
WITH_NODE="$PREFIX/debian-node:$SUITE"

say() { echo "▸ $*" >&2; }
die() { echo "✖ $*" >&2; exit 1; }
# A command that fails under `set -e` says which one it was (chroot's output is mostly silenced below).
trap 'echo "✖ line $LINENO: \`$BASH_COMMAND\` exited $?" >&2' ERR

[ "$(id -u)" = 0 ] || die "run as root (debootstrap and dockerd need it)"
ARCH="$(dpkg --print-architecture 2>/dev/null || echo amd64)"
case "$ARCH" in
  amd64) NODE_ARCH=x64 ;;
  arm64) NODE_ARCH=arm64 ;;
  *) die "no Node build for architecture $ARCH" ;;
esac

# 1. Tools.
need=()
command -v debootstrap >/dev/null || need+=(debootstrap)
command -v dockerd >/dev/null || need+=(docker.io)
command -v npm >/dev/null || need+=(npm)
if [ "${#need[@]}" -gt 0 ]; then
  say "installing ${need[*]} with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" ca-certificates
fi

# 2. A Docker daemon.
DOCKERD_PID=""
if ! docker info >/dev/null 2>&1; then
  say "starting dockerd (log: /var/log/wasla-dockerd.log)"
  dockerd >/var/log/wasla-dockerd.log 2>&1 &
  DOCKERD_PID=$!
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && break
    kill -0 "$DOCKERD_PID" 2>/dev/null || die "dockerd exited; see /var/log/wasla-dockerd.log"
    sleep 1
  done
  docker info >/dev/null 2>&1 || die "dockerd did not answer within 60 s; see /var/log/wasla-dockerd.log"
  echo "dockerd is running as pid $DOCKERD_PID (it keeps running; stop it with: kill $DOCKERD_PID)" >&2
fi

WORK="$(mktemp -d "${TMPDIR:-/var/tmp}/wasla-base.XXXXXX")"
cleanup() {
  # debootstrap may leave /proc and /sys of the tree mounted when it fails.
  for m in proc sys dev/pts dev; do umount -l "$WORK/root/$m" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT
ROOT="$WORK/root"
# Commands inside the new tree: the host's TMPDIR (a folder that the tree does not have) would make
# their mktemp fail.
inroot() { TMPDIR=/tmp chroot "$ROOT" "$@"; }

# 3. Debian.
say "debootstrap $SUITE from $DEBIAN_MIRROR (minbase)"
debootstrap --variant=minbase --include=ca-certificates "$SUITE" "$ROOT" "$DEBIAN_MIRROR" >"$WORK/debootstrap.log" 2>&1 ||
  { tail -20 "$WORK/debootstrap.log" >&2; die "debootstrap failed"; }
# Like Debian's -slim images: no manuals, documentation or translations, now or from later apt-get installs.
mkdir -p "$ROOT/etc/dpkg/dpkg.cfg.d"
printf '%s\n' 'path-exclude /usr/share/doc/*' 'path-include /usr/share/doc/*/copyright' 'path-exclude /usr/share/man/*' \
  'path-exclude /usr/share/info/*' 'path-exclude /usr/share/locale/*' 'path-include /usr/share/locale/locale.alias' \
  'path-exclude /usr/share/lintian/*' >"$ROOT/etc/dpkg/dpkg.cfg.d/slim"
find "$ROOT/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete 2>/dev/null || true
rm -rf "$ROOT"/usr/share/man/* "$ROOT"/usr/share/info/* "$ROOT"/usr/share/lintian/*
find "$ROOT/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} + 2>/dev/null || true
# And like them, apt keeps no downloaded packages and fetches no translations (an apt-get install in a
# Dockerfile then leaves only what it installed).
cat >"$ROOT/etc/apt/apt.conf.d/docker-clean" <<'APT'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
APT
echo 'Acquire::Languages "none";' >"$ROOT/etc/apt/apt.conf.d/docker-no-languages"
# Certificate authorities this machine added itself (a company's or a TLS-inspecting proxy's, in
# /usr/local/share/ca-certificates): the images built on top then reach the npm registry the same way
# the host does. HOST_CA_CERTS=0 leaves them out.
if [ "${HOST_CA_CERTS:-1}" != 0 ] && compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  say "adding the host's own CA certificates: $(cd /usr/local/share/ca-certificates && echo *.crt)"
  cp /usr/local/share/ca-certificates/*.crt "$ROOT/usr/local/share/ca-certificates/"
  inroot update-ca-certificates >/dev/null
fi
inroot apt-get clean
rm -rf "$ROOT"/var/lib/apt/lists/* "$ROOT"/var/cache/apt/*.bin "$ROOT"/var/log/*.log "$ROOT"/tmp/*
# Point-release and security updates too, for the images built on top (apt-get in deploy/*/Dockerfile).
MIRROR_BASE="${DEBIAN_MIRROR%/debian}"
{
  echo "deb $DEBIAN_MIRROR $SUITE main"
  echo "deb $DEBIAN_MIRROR $SUITE-updates main"
  echo "deb $MIRROR_BASE/debian-security $SUITE-security main"
} >"$ROOT/etc/apt/sources.list"
: >"$ROOT/etc/resolv.conf"
echo "$PLAIN" >"$ROOT/etc/hostname"

ENVS=(--change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' --change 'ENV LANG=C.UTF-8')
say "importing $PLAIN"
tar --numeric-owner -C "$ROOT" -c . | docker import "${ENVS[@]}" --change 'CMD ["bash"]' - "$PLAIN" >/dev/null

# 4. Node and npm from the npm registry, and the `node` user the Dockerfile runs as.
say "fetching Node $NODE_VERSION and npm $NPM_VERSION"
mkdir -p "$WORK/npm"
(cd "$WORK/npm" && npm install --no-save --no-audit --no-fund --loglevel=error "node@$NODE_VERSION" "npm@$NPM_VERSION" >&2)
NODE_BIN="$(readlink -f "$WORK/npm/node_modules/node/bin/node")"
[ -x "$NODE_BIN" ] || die "the node package did not provide a binary for linux-$NODE_ARCH"
install -m 755 "$NODE_BIN" "$ROOT/usr/local/bin/node"
mkdir -p "$ROOT/usr/local/lib/node_modules"
cp -a "$WORK/npm/node_modules/npm" "$ROOT/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$ROOT/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$ROOT/usr/local/bin/npx"
inroot /usr/local/bin/node --version >/dev/null || die "Node does not run inside the image"
inroot useradd --create-home --uid 1000 --user-group --shell /bin/sh node
echo "$WITH_NODE" >"$ROOT/etc/hostname"

say "importing $WITH_NODE"
# Node trusts Debian's CA bundle (with the host's additions above), as apt and curl do.
tar --numeric-owner -C "$ROOT" -c . |
  docker import "${ENVS[@]}" --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' --change 'CMD ["node"]' - "$WITH_NODE" >/dev/null

docker run --rm "$WITH_NODE" node -e 'console.log(`Node ${process.versions.node} in the image`)' >&2
echo "$PLAIN"
echo "$WITH_NODE"

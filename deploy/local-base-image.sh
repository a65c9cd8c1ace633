#!/bin/sh
# A local stand-in for docker.io/library/node:20-bookworm-slim, the Dockerfile's base image.
#
# Why: the development machines reach Debian's mirror and the npm registry, but not Docker Hub,
# so `podman build .` cannot pull the base. This script makes one with the official image's
# layout and imports it under the same name, so the Dockerfile builds unchanged:
#   - Debian bookworm minbase (debootstrap), slimmed like debian:bookworm-slim (no docs, man
#     pages or translations installed later; apt keeps no lists or .debs);
#   - this machine's Node 20 (its /usr/bin/node, from the nodejs package) at /usr/local/bin/node,
#     npm in /usr/local/lib/node_modules/npm, npm and npx linked to its bin/*-cli.js;
#   - a `node` user and group (uid and gid 1000), docker-entrypoint.sh, CMD ["node"].
# Differences from the official image: the Node build (NodeSource's, not nodejs.org's), the npm
# version (whatever the host has) and no yarn.
#
# Usage, as root: sh deploy/local-base-image.sh [ROOTFS_DIR]   (needs debootstrap and podman)
set -eu

ROOTFS=${1:-/var/tmp/node-20-bookworm-slim}
IMAGE=docker.io/library/node:20-bookworm-slim
MIRROR=http://deb.debian.org/debian

NODE_VERSION=$(node -p 'process.versions.node')
case $NODE_VERSION in 20.*) ;; *) echo "host node is $NODE_VERSION, not 20.x" >&2; exit 1 ;; esac
NPM_DIR=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")") # …/node_modules/npm

rm -rf "$ROOTFS"
debootstrap --variant=minbase bookworm "$ROOTFS" "$MIRROR"

# debian:bookworm-slim's sources (with updates and security) and its slimming (debuerreotype).
rm -f "$ROOTFS/etc/apt/sources.list"
cat >"$ROOTFS/etc/apt/sources.list.d/debian.sources" <<'EOF'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
cat >"$ROOTFS/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
EOF
cat >"$ROOTFS/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
echo 'Acquire::GzipIndexes "true";' >"$ROOTFS/etc/apt/apt.conf.d/docker-gzip-indexes"
echo 'APT::AutoRemove::SuggestsImportant "false";' >"$ROOTFS/etc/apt/apt.conf.d/docker-autoremove-suggests"
# What debootstrap installed before those rules: the same paths removed, the apt lists too.
find "$ROOTFS/usr/share/doc" -mindepth 1 ! -type d ! -name copyright -delete
find "$ROOTFS/usr/share/doc" -mindepth 1 -type d -empty -delete
find "$ROOTFS/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +
rm -rf "$ROOTFS"/usr/share/man/* "$ROOTFS"/usr/share/info/* "$ROOTFS"/var/lib/apt/lists/* \
  "$ROOTFS"/var/cache/apt/*.bin

# The official node image's own steps: its user, then Node and npm under /usr/local.
chroot "$ROOTFS" groupadd --gid 1000 node
chroot "$ROOTFS" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
install -m 0755 "$(readlink -f "$(command -v node)")" "$ROOTFS/usr/local/bin/node"
ln -s node "$ROOTFS/usr/local/bin/nodejs"
mkdir -p "$ROOTFS/usr/local/lib/node_modules"
cp -a "$NPM_DIR" "$ROOTFS/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/local/bin/npx"
cat >"$ROOTFS/usr/local/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
# Run command with node if the first argument contains a "-" or is not a system command.
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi
exec "$@"
EOF
chmod 0755 "$ROOTFS/usr/local/bin/docker-entrypoint.sh"
chroot "$ROOTFS" /usr/local/bin/node --version
chroot "$ROOTFS" /usr/local/bin/npm --version

tar -C "$ROOTFS" --numeric-owner -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$NODE_VERSION" \
  --change 'ENTRYPOINT ["docker-entrypoint.sh"]' \
  --change 'CMD ["node"]' \
  - "$IMAGE"
podman images "$IMAGE"

#!/usr/bin/env bash
# Checks the README's promise: both commands work on a fresh Debian machine as root.
# Makes a minimal Debian 12 (bookworm) with debootstrap in DIR, clones this repository into it and
# runs `./dev build` and `.ci/run` there. Needs root, debootstrap and the Debian mirror.
#   tools/fresh-debian.sh [DIR]        (default /srv/fresh-debian; about 15 minutes the first time)
set -euo pipefail
root=${1:-/srv/fresh-debian}
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap
[ -x "$root/bin/bash" ] || debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian
cp /etc/resolv.conf "$root/etc/resolv.conf"
# A machine whose TLS goes through a proxy with its own authority needs that authority inside too.
for file in "${PIP_CERT:-}" "${SSL_CERT_FILE:-}"; do
  [ -n "$file" ] && [ -f "$file" ] && mkdir -p "$root$(dirname "$file")" && cp "$file" "$root$file"
done
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
mountpoint -q "$root/dev" || mount --rbind /dev "$root/dev"
rm -rf "$root/root/nq" && git clone -q "$repo" "$root/root/nq"
chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/bin:/usr/bin:/bin CI=true \
  PIP_CERT="${PIP_CERT:-}" SSL_CERT_FILE="${SSL_CERT_FILE:-}" REQUESTS_CA_BUNDLE="${REQUESTS_CA_BUNDLE:-}" \
  /bin/bash -c 'cd /root/nq && ./dev build && bash .ci/run' < /dev/null

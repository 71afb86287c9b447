#!/usr/bin/env bash
# Brings nginx and Caddy from Debian's packages, unpacked into .cache/deploy-tools (never installed or started as
# services), so the suite can run `nginx -t` and `caddy validate` on deploy/. Without apt-get the checks are skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
DEST=.cache/deploy-tools
have() { command -v "$1" >/dev/null 2>&1 || [ -x "$DEST/usr/sbin/$1" ] || [ -x "$DEST/usr/bin/$1" ]; }
if have nginx && have caddy; then exit 0; fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-deploy-tools: no apt-get; the nginx and Caddy checks of deploy/ will be skipped"
  exit 0
fi
mkdir -p "$DEST/debs"
download() { (cd "$DEST/debs" && apt-get download -qq nginx nginx-common caddy 2>/dev/null); }
if ! download; then
  apt-get update -qq >/dev/null 2>&1 || true
  if ! download; then
    echo "ensure-deploy-tools: could not download nginx/caddy; their checks of deploy/ will be skipped"
    exit 0
  fi
fi
for deb in "$DEST"/debs/*.deb; do dpkg -x "$deb" "$DEST"; done
rm -rf "$DEST/debs"
echo "ensure-deploy-tools: $("$DEST/usr/sbin/nginx" -v 2>&1), caddy $("$DEST/usr/bin/caddy" version | cut -d' ' -f1)"

#!/usr/bin/env bash
# Stops the test domain controller that start.sh began and removes its network namespace.
# The provisioned directory stays, so the next start takes seconds; --purge removes it too.
set -euo pipefail

DIR="${SAMBA_DC_DIR:-/var/tmp/passwatch-samba-dc}"
NETNS="${SAMBA_DC_NETNS:-passwatch-dc}"

if [ -f "$DIR/pid/samba.pid" ]; then
  pid="$(cat "$DIR/pid/samba.pid")"
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.2
    done
  fi
  rm -f "$DIR/pid/samba.pid"
fi
# Deleting the namespace also deletes the veth pair (its peer lives inside).
if ip netns list | grep -qw "$NETNS"; then
  ip netns delete "$NETNS"
fi
rm -f "$DIR/dc.json"
if [ "${1:-}" = "--purge" ]; then
  rm -rf "$DIR"
fi
echo "samba-dc: stopped" >&2

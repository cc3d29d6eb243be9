#!/usr/bin/env bash
# Starts a real Samba Active Directory domain controller for the connector's integration tests
# (docs/connector.md §Testing against a real domain controller). Idempotent: a DC that already
# answers LDAPS is left running; a provisioned one is only restarted. Needs root (ip netns).
#
# The DC runs in a network namespace of its own, reachable only from this host over a veth pair
# on a private link (10.254.19.1 host side, 10.254.19.2 the DC). Everything it writes (databases,
# pid, logs, TLS) stays under SAMBA_DC_DIR. On success it writes $SAMBA_DC_DIR/dc.json, which the
# tests read: address, base DN, CA file and the seeded accounts.
set -euo pipefail

DIR="${SAMBA_DC_DIR:-/var/tmp/passwatch-samba-dc}"
NETNS="${SAMBA_DC_NETNS:-passwatch-dc}"
HOST_IF=pwdc-host
DC_IF=pwdc-dc
HOST_IP=10.254.19.1
DC_IP=10.254.19.2
REALM=CORP.PASSWATCH.TEST
REALM_LOWER=corp.passwatch.test
DOMAIN=CORP
HOST_NAME=dc1
# Test-only secrets of a throw-away DC that nothing outside this host can reach.
ADMIN_PASSWORD='Passwatch-Admin-19!'
CONNECTOR_PASSWORD='Passwatch-Reader-19!'
SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)"

log() { echo "samba-dc: $*" >&2; }

ldaps_answers() {
  LDAPTLS_CACERT="$DIR/tls/ca.pem" timeout 5 ldapsearch -LLL -x -H "ldaps://$DC_IP" \
    -D "svc-passwatch@$REALM" -w "$CONNECTOR_PASSWORD" -b '' -s base defaultNamingContext >/dev/null 2>&1
}

ensure_netns() {
  if ! ip netns list | grep -qw "$NETNS"; then
    ip netns add "$NETNS"
  fi
  if ! ip link show "$HOST_IF" >/dev/null 2>&1; then
    ip link add "$HOST_IF" type veth peer name "$DC_IF"
    ip link set "$DC_IF" netns "$NETNS"
    ip addr add "$HOST_IP/30" dev "$HOST_IF"
    ip link set "$HOST_IF" up
    ip netns exec "$NETNS" ip addr add "$DC_IP/30" dev "$DC_IF"
    ip netns exec "$NETNS" ip link set "$DC_IF" up
    ip netns exec "$NETNS" ip link set lo up
  fi
}

# Our own CA and a server certificate naming the DC's address and host name, so clients verify
# the chain and the name as they would against a real DC (Samba's own self-signed one names
# neither the address nor a CA a test could swap out).
make_tls() {
  [ -f "$DIR/tls/cert.pem" ] && return
  mkdir -p "$DIR/tls"
  chmod 700 "$DIR/tls"
  openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=Passwatch test CA" \
    -keyout "$DIR/tls/ca-key.pem" -out "$DIR/tls/ca.pem" 2>/dev/null
  openssl req -newkey rsa:2048 -nodes -subj "/CN=$HOST_NAME.${REALM,,}" \
    -keyout "$DIR/tls/key.pem" -out "$DIR/tls/cert.csr" 2>/dev/null
  printf 'subjectAltName=DNS:%s,IP:%s\nextendedKeyUsage=serverAuth\n' "$HOST_NAME.${REALM,,}" "$DC_IP" >"$DIR/tls/ext.cnf"
  openssl x509 -req -in "$DIR/tls/cert.csr" -CA "$DIR/tls/ca.pem" -CAkey "$DIR/tls/ca-key.pem" \
    -CAcreateserial -days 3650 -extfile "$DIR/tls/ext.cnf" -out "$DIR/tls/cert.pem" 2>/dev/null
  chmod 600 "$DIR/tls/key.pem"
}

# A DC provisioned from another version of the seed is provisioned again.
seed_version() { cat "$SCRIPT_DIR/seed.py" "$0" | sha256sum | cut -d' ' -f1; }

provision() {
  if [ -f "$DIR/.provisioned" ] && [ "$(cat "$DIR/.provisioned")" = "$(seed_version)" ]; then
    return
  fi
  if [ -f "$DIR/pid/samba.pid" ] && kill -0 "$(cat "$DIR/pid/samba.pid")" 2>/dev/null; then
    kill "$(cat "$DIR/pid/samba.pid")"
    sleep 2
  fi
  log "provisioning $REALM (takes 10-30 s)"
  rm -rf "$DIR/private" "$DIR/state" "$DIR/cache" "$DIR/etc" "$DIR/lock" "$DIR/pid" "$DIR/log"
  mkdir -p "$DIR/etc" "$DIR/pid" "$DIR/log"
  # An empty configuration: without -s, provision copies the host's /etc/samba/smb.conf.
  : >"$DIR/etc/smb.conf"
  samba-tool domain provision -s "$DIR/etc/smb.conf" --targetdir="$DIR" \
    --realm="$REALM" --domain="$DOMAIN" --server-role=dc --dns-backend=SAMBA_INTERNAL \
    --host-name="$HOST_NAME" --host-ip="$DC_IP" --adminpass="$ADMIN_PASSWORD" \
    --option="interfaces = lo $DC_IP" --option="bind interfaces only = yes" \
    --option="pid directory = $DIR/pid" --option="log file = $DIR/log/samba.log" \
    --option="tls enabled = yes" --option="tls keyfile = $DIR/tls/key.pem" \
    --option="tls certfile = $DIR/tls/cert.pem" --option="tls cafile = $DIR/tls/ca.pem" \
    --option="server services = ldap, cldap, kdc, drepl, rpc, dns" >"$DIR/log/provision.log" 2>&1 \
    || { cat "$DIR/log/provision.log" >&2; exit 1; }
  /usr/bin/python3 "$SCRIPT_DIR/seed.py" "$DIR/private/sam.ldb" "$CONNECTOR_PASSWORD" >"$DIR/log/seed.log" 2>&1 \
    || { cat "$DIR/log/seed.log" >&2; exit 1; }
  seed_version >"$DIR/.provisioned"
}

start_samba() {
  if [ -f "$DIR/pid/samba.pid" ] && kill -0 "$(cat "$DIR/pid/samba.pid")" 2>/dev/null; then
    return
  fi
  log "starting samba in network namespace $NETNS"
  ip netns exec "$NETNS" samba -s "$DIR/etc/smb.conf" -D
}

write_info() {
  cat >"$DIR/dc.json" <<JSON
{
  "host": "$DC_IP",
  "hostName": "$HOST_NAME.${REALM,,}",
  "ldapsPort": 636,
  "ldapPort": 389,
  "realm": "$REALM",
  "netbiosName": "$DOMAIN",
  "baseDn": "DC=${REALM_LOWER//./,DC=}",
  "caFile": "$DIR/tls/ca.pem",
  "samLdb": "$DIR/private/sam.ldb",
  "reader": { "dn": "CN=svc-passwatch,CN=Users,DC=${REALM_LOWER//./,DC=}", "password": "$CONNECTOR_PASSWORD" },
  "admin": { "dn": "CN=Administrator,CN=Users,DC=${REALM_LOWER//./,DC=}", "password": "$ADMIN_PASSWORD" }
}
JSON
}

mkdir -p "$DIR"
started=$(date +%s)
ensure_netns
if [ -f "$DIR/.provisioned" ] && [ "$(cat "$DIR/.provisioned")" = "$(seed_version)" ] && ldaps_answers; then
  write_info
  log "already running at ldaps://$DC_IP"
  exit 0
fi
make_tls
provision
start_samba
for _ in $(seq 1 120); do
  if ldaps_answers; then
    write_info
    log "LDAPS answers at ldaps://$DC_IP after $(($(date +%s) - started)) s"
    exit 0
  fi
  sleep 0.5
done
log "LDAPS did not answer within 60 s; last log lines:"
tail -n 30 "$DIR/log/samba.log" >&2 || true
exit 1

#!/usr/bin/env bash
# Runs before `npm test`: makes sure the two outside parts the suite needs are there —
# Debian's Chromium and a PostgreSQL server on 127.0.0.1:5432 — installing and starting them
# when missing (needs root on Debian; otherwise says what to do).
set -euo pipefail

# Node 22.22+ (package.json "engines"); `source scripts/use-node.sh` puts Node 24 LTS first on PATH.
if ! node -e 'const [major, minor] = process.versions.node.split(".").map(Number); process.exit(major > 22 || (major === 22 && minor >= 22) ? 0 : 1)'; then
  echo "test setup: Node $(node -v) is too old (22.22+ needed); run \`source scripts/use-node.sh\` first." >&2
  exit 1
fi

need_root() {
  if [ "$(id -u)" != 0 ]; then
    echo "test setup: $1 is missing; install it (Debian: sudo apt-get install -y $2) or run as root." >&2
    exit 1
  fi
}

if [ ! -x /usr/bin/chromium ]; then
  need_root "Chromium" chromium
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
fi

if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    echo "test setup: TEST_DATABASE_URL is set but no server answers on 127.0.0.1:5432; using it as given." >&2
    exit 0
  fi
  need_root "PostgreSQL" postgresql
  if [ ! -d /etc/postgresql ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql
  fi
  version=$(ls /etc/postgresql | sort -n | tail -n 1)
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  # A fresh Debian server asks for a password over TCP: give the test user the one the tests use.
  su postgres -c "psql -q -c \"alter user postgres password 'postgres'\""
fi

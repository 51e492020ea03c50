#!/usr/bin/env bash
# Installs (Debian's postgresql) and starts a PostgreSQL server for the store tests, with a role
# and database of their own, and prints the URL for GUILDS_TEST_DATABASE_URL on stdout; progress
# goes to stderr. Run as root; running it again reuses what is there.
#   GUILDS_TEST_DATABASE_URL="$(scripts/ci-postgres.sh)"; export GUILDS_TEST_DATABASE_URL
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

role=guilds
password=guilds
database=guilds_test

if ! compgen -G "/usr/lib/postgresql/*/bin/pg_ctl" >/dev/null; then
  echo "ci-postgres: installing postgresql" >&2
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends postgresql >&2
fi
version="$(ls /usr/lib/postgresql | sort -n | tail -n 1)"

# The package makes the "main" cluster unless told not to; a container has no init to start it.
if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { found = 1 } END { exit !found }'; then
  pg_createcluster "$version" main >&2
fi
if ! pg_ctlcluster --skip-systemctl-redirect "$version" main status >/dev/null 2>&1; then
  echo "ci-postgres: starting PostgreSQL $version" >&2
  pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2
fi
port="$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { print $3 }')"

as_postgres() { runuser -u postgres -- "$@"; }
as_postgres psql -p "$port" -v ON_ERROR_STOP=1 -q >&2 <<SQL
do \$\$ begin
  if not exists (select from pg_roles where rolname = '$role') then
    create role $role login password '$password';
  end if;
  -- The store tests make a database of their own per test.
  alter role $role createdb;
end \$\$;
SQL
if [ "$(as_postgres psql -p "$port" -tAc "select 1 from pg_database where datname = '$database'")" != 1 ]; then
  as_postgres createdb -p "$port" -O "$role" "$database" >&2
fi

url="postgres://$role:$password@127.0.0.1:$port/$database"
pg_isready -q -d "$url" || { echo "ci-postgres: the server does not answer on 127.0.0.1:$port" >&2; exit 1; }
echo "ci-postgres: PostgreSQL $version ready on 127.0.0.1:$port" >&2
echo "$url"

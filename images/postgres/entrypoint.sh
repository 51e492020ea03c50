#!/bin/bash
# First start: a cluster in $PGDATA with the role and database POSTGRES_USER / POSTGRES_DB, password
# POSTGRES_PASSWORD (required), reachable over the network with it. Then postgres in the foreground.
set -euo pipefail
: "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}"
user="${POSTGRES_USER:-guilds}"
database="${POSTGRES_DB:-guilds}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  password_file="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" >"$password_file"
  initdb --auth-local=peer --auth-host=scram-sha-256 --username=postgres --pwfile="$password_file" \
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$password_file"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -c unix_socket_directories=/run/postgresql" -w start >/dev/null
  psql -v ON_ERROR_STOP=1 -h /run/postgresql -U postgres -q \
    -v user="$user" -v database="$database" -v password="$POSTGRES_PASSWORD" <<'SQL'
CREATE ROLE :"user" LOGIN PASSWORD :'password';
CREATE DATABASE :"database" OWNER :"user";
SQL
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "guilds-postgres: made the cluster with the role and database $user/$database"
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' -c unix_socket_directories=/run/postgresql

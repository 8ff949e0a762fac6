#!/usr/bin/env bash
# The official postgres image's start-up, in short: as root, make $PGDATA the postgres user's and
# run again as that user; on an empty $PGDATA, initdb with POSTGRES_USER (postgres) and
# POSTGRES_PASSWORD, allow password (scram-sha-256) connections from any address, then, on a
# server listening on its Unix socket only, create POSTGRES_DB and run
# /docker-entrypoint-initdb.d/*.sql, *.sql.gz and *.sh in name order; finally exec postgres, so
# it is PID 1 and gets the stop signal itself. Each POSTGRES_* variable may come from a file
# named by POSTGRES_*_FILE, as in the official image.
set -Eeo pipefail

# POSTGRES_X from $POSTGRES_X, else from the file named by $POSTGRES_X_FILE, else the default.
file_env() {
  local var=$1 file_var="${1}_FILE" default=${2:-}
  if [[ -n "${!var:-}" && -n "${!file_var:-}" ]]; then
    echo "error: both $var and $file_var are set (only one may be)" >&2
    exit 1
  fi
  local value=$default
  if [[ -n "${!var:-}" ]]; then
    value=${!var}
  elif [[ -n "${!file_var:-}" ]]; then
    value=$(<"${!file_var}")
  fi
  export "$var=$value"
  unset "$file_var"
}

# psql against the temporary server, stopping at the first error.
process_sql() {
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password --no-psqlrc --dbname "$POSTGRES_DB" "$@"
}

init_database() {
  file_env POSTGRES_PASSWORD
  file_env POSTGRES_USER postgres
  file_env POSTGRES_DB "$POSTGRES_USER"
  file_env POSTGRES_INITDB_ARGS
  if [[ -z "$POSTGRES_PASSWORD" && "${POSTGRES_HOST_AUTH_METHOD:-}" != trust ]]; then
    cat >&2 <<'EOT'
error: the database is uninitialized and no superuser password is given.
       Set POSTGRES_PASSWORD (or POSTGRES_PASSWORD_FILE), or POSTGRES_HOST_AUTH_METHOD=trust to
       allow every connection without a password (never for a shared server).
EOT
    exit 1
  fi

  # Local (Unix socket and loopback) connections are trusted, as initdb leaves them by default;
  # other addresses use the method password_encryption stores passwords for: scram-sha-256.
  eval 'initdb --username="$POSTGRES_USER" --pwfile=<(printf "%s\n" "$POSTGRES_PASSWORD") '"$POSTGRES_INITDB_ARGS"
  : "${POSTGRES_HOST_AUTH_METHOD:=$(postgres -C password_encryption "$@")}"
  printf '\nhost all all all %s\n' "$POSTGRES_HOST_AUTH_METHOD" >> "$PGDATA/pg_hba.conf"

  # Reachable through its Unix socket only while the scripts run, so nothing connects half-way.
  export PGPASSWORD="${PGPASSWORD:-$POSTGRES_PASSWORD}"
  pg_ctl -D "$PGDATA" -o "$(printf '%q ' "$@" -c listen_addresses='' -p 5432)" -w start
  if [[ "$POSTGRES_DB" != postgres ]]; then
    process_sql --dbname postgres --set db="$POSTGRES_DB" <<<'CREATE DATABASE :"db";'
  fi
  local f
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sh)
        if [[ -x "$f" ]]; then
          echo "$0: running $f"
          "$f"
        else
          echo "$0: sourcing $f"
          # shellcheck disable=SC1090
          . "$f"
        fi
        ;;
      *.sql) echo "$0: running $f"; process_sql -f "$f" ;;
      *.sql.gz) echo "$0: running $f"; gunzip -c "$f" | process_sql ;;
      *) if [[ -e "$f" ]]; then echo "$0: ignoring $f"; fi ;;
    esac
  done
  pg_ctl -D "$PGDATA" -m fast -w stop
  unset PGPASSWORD
  echo "PostgreSQL init process complete; ready for start up."
}

# `docker run image -c x=y` means `postgres -c x=y`.
if [[ "${1:0:1}" == - ]]; then
  set -- postgres "$@"
fi

if [[ "$1" == postgres ]]; then
  if [[ "$(id -u)" == 0 ]]; then
    # A fresh volume is root's: hand it (and the socket directory) to postgres, then step down.
    mkdir -p "$PGDATA"
    chown postgres:postgres "$PGDATA"
    chmod 700 "$PGDATA"
    mkdir -p /var/run/postgresql
    chown postgres:postgres /var/run/postgresql
    chmod 3777 /var/run/postgresql
    exec setpriv --reuid=postgres --regid=postgres --init-groups "${BASH_SOURCE[0]}" "$@"
  fi
  if [[ ! -s "$PGDATA/PG_VERSION" ]]; then
    shift
    init_database "$@"
    set -- postgres "$@"
  fi
fi

exec "$@"

#!/bin/sh
# The official redis image's start-up: `docker run image --opt x` or `… some.conf` means
# redis-server; as root, the files in the working directory (/data) become redis's and the server
# runs as redis; files are private (umask 0077) unless a umask was set. One addition: the official
# image's Redis is built with protected mode off, Debian's is not, so --protected-mode no is passed
# unless the command line or its config file says otherwise.
set -e

if [ "${1#-}" != "$1" ] || [ "${1%.conf}" != "$1" ]; then
  set -- redis-server "$@"
fi

if [ "$1" = redis-server ] && [ "$(id -u)" = 0 ]; then
  find . \! -user redis -exec chown redis '{}' +
  exec setpriv --reuid=redis --regid=redis --init-groups "$0" "$@"
fi

if [ "$1" = redis-server ]; then
  # redis-server [config file] [--option value …]: the config file, if any, comes first.
  conf=
  case "${2:-}" in -* | '') ;; *) conf=$2 ;; esac
  set_here=no
  for arg in "$@"; do
    if [ "$arg" = --protected-mode ]; then set_here=yes; fi
  done
  if [ -n "$conf" ] && [ -r "$conf" ] && grep -qiE '^[[:space:]]*protected-mode[[:space:]]' "$conf"; then
    set_here=yes
  fi
  # Last, so `redis-server --version` (and --help) still sees its option first.
  [ "$set_here" = yes ] || set -- "$@" --protected-mode no
fi

if [ "$(umask)" = 0022 ]; then
  umask 0077
fi

exec "$@"

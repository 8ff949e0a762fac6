#!/bin/sh
# The gateway image's entry point: renders nginx.conf.template into NGINX_PREFIX with the
# environment's values of its ${NAME} placeholders (only those: nginx's own $variables stay as they
# are), links the files it includes and the API docs beside it, and runs nginx in the foreground.
# Local mode renders the same template with gateway/render.ts.
#
# nginx resolves an upstream's name once, when it loads its configuration. Where replicas come and
# go under one name (compose: `--scale`, a container restarted with a new address), a loop here
# resolves every upstream host every UPSTREAM_RESOLVE_SECONDS and reloads nginx when the addresses
# change (a graceful reload; a failed one leaves the running configuration in place). Under a k8s
# Service the address never changes and nginx is never reloaded.
set -eu
src=/etc/kinora/gateway
# shellcheck disable=SC2016 # the pattern is a literal ${NAME}
names=$(grep -o '\${[A-Z][A-Z0-9_]*}' "$src/nginx.conf.template" | sort -u)
for name in $names; do
  var=${name#??}
  var=${var%?}
  eval "value=\${$var-}"
  [ -n "$value" ] || { echo "kinora-gateway: $var is empty or unset" >&2; exit 1; }
done
mkdir -p "$NGINX_PREFIX"
envsubst "$names" < "$src/nginx.conf.template" > "$NGINX_PREFIX/nginx.conf"
for file in "$src"/*; do
  [ "${file##*/}" = nginx.conf.template ] || ln -sfn "$file" "$NGINX_PREFIX/${file##*/}"
done
ln -sfn /usr/share/kinora/api-docs "$NGINX_PREFIX/docs"
for dir in client_body_temp proxy_temp fastcgi_temp uwsgi_temp scgi_temp; do
  mkdir -p "$NGINX_PREFIX/$dir"
done

set -- nginx -p "$NGINX_PREFIX/" -c "$NGINX_PREFIX/nginx.conf"
hosts=$(env | sed -n 's/^[A-Z]*_UPSTREAM=//p' | tr ',' '\n' | sed 's/:[0-9]*$//' | sort -u)
addresses() {
  for host in $hosts; do
    printf '%s=%s\n' "$host" "$(getent ahostsv4 "$host" | awk '{ print $1 }' | sort -u | tr '\n' ' ')"
  done
}

"$@" -g 'daemon off;' &
nginx_pid=$!
trap 'kill -TERM "$nginx_pid" 2>/dev/null' TERM INT
trap 'kill -QUIT "$nginx_pid" 2>/dev/null' QUIT
(
  last=$(addresses)
  while sleep "${UPSTREAM_RESOLVE_SECONDS:-2}"; do
    kill -0 "$nginx_pid" 2>/dev/null || exit 0
    now=$(addresses)
    [ "$now" = "$last" ] && continue
    echo "kinora-gateway: upstream addresses changed, reloading nginx: $(echo "$now" | tr '\n' ' ')" >&2
    "$@" -s reload || true
    last=$now
  done
) &
status=0
wait "$nginx_pid" || status=$?
# A signal interrupts the first wait: wait for nginx itself to finish.
while kill -0 "$nginx_pid" 2>/dev/null; do wait "$nginx_pid" || status=$?; done
exit "$status"

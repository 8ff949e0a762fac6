#!/bin/sh
# The gateway image's entry point: renders nginx.conf.template into NGINX_PREFIX with the
# environment's values of its ${NAME} placeholders (only those: nginx's own $variables stay as they
# are), links the files it includes and the API docs beside it, and runs nginx in the foreground.
# Local mode renders the same template with gateway/render.ts.
set -eu
src=/etc/kinora/gateway
names=$(grep -o '\${[A-Z][A-Z0-9_]*}' "$src/nginx.conf.template" | sort -u)
for name in $names; do
  var=${name#??}
  var=${var%?}
  eval "value=\${$var-}"
  [ -n "$value" ] || { echo "kinora-gateway: $var is empty or unset" >&2; exit 1; }
done
mkdir -p "$NGINX_PREFIX"
envsubst "$(echo $names)" < "$src/nginx.conf.template" > "$NGINX_PREFIX/nginx.conf"
for file in "$src"/*; do
  [ "${file##*/}" = nginx.conf.template ] || ln -sfn "$file" "$NGINX_PREFIX/${file##*/}"
done
ln -sfn /usr/share/kinora/api-docs "$NGINX_PREFIX/docs"
for dir in client_body_temp proxy_temp fastcgi_temp uwsgi_temp scgi_temp; do
  mkdir -p "$NGINX_PREFIX/$dir"
done
exec nginx -p "$NGINX_PREFIX/" -c "$NGINX_PREFIX/nginx.conf" -g 'daemon off;' "$@"

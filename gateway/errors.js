// njs module for nginx-generated JSON errors whose message quotes the request, so the request
// path is JSON-escaped properly ({statusCode, error, message} like every service error).

function notFound(r) {
  const path = r.uri;
  const isApi = path === '/api' || path.indexOf('/api/') === 0;
  const message = isApi ? 'No route for ' + r.method + ' ' + path : 'Not found: ' + path;
  r.headersOut['Content-Type'] = 'application/json';
  r.headersOut['Cache-Control'] = 'no-store';
  r.return(404, JSON.stringify({ statusCode: 404, error: 'Not Found', message: message }));
}

export default { notFound };

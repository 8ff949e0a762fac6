// njs module for GET /api/health: the readiness of every service, asked in parallel through the
// internal /_health/<service> locations of nginx.conf. Written for njs 0.7 (Debian 12) and 0.8
// (official nginx image): promises, no async/await.

const SERVICES = ['auth', 'catalog', 'social', 'ads', 'analytics', 'admin'];

function parseJson(text) {
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { value: null, error: String(error) };
  }
}

// A service's own terminus JSON when it answered one (200 "ok" or 503 "error"), else "down".
function describe(status, text) {
  const parsed = parseJson(text || '');
  const body = parsed.value;
  if (body && typeof body === 'object' && typeof body.status === 'string' && body.status !== '') {
    return body;
  }
  let message = 'health check answered HTTP ' + status;
  if (body && typeof body.message === 'string') {
    message += ': ' + body.message;
  } else if (parsed.error) {
    message += ' without a JSON body';
  }
  return { status: 'down', message: message };
}

function probe(r, name) {
  return r.subrequest('/_health/' + name).then(
    (reply) => describe(reply.status, reply.responseText),
    (error) => ({ status: 'down', message: 'health check failed: ' + String(error) }),
  );
}

function aggregate(r) {
  Promise.all(SERVICES.map((name) => probe(r, name))).then(
    (results) => {
      const services = {};
      let allOk = true;
      results.forEach((result, index) => {
        services[SERVICES[index]] = result;
        if (result.status !== 'ok') {
          allOk = false;
        }
      });
      r.headersOut['Content-Type'] = 'application/json';
      r.headersOut['Cache-Control'] = 'no-store';
      r.return(allOk ? 200 : 503, JSON.stringify({ status: allOk ? 'ok' : 'error', services: services }));
    },
    (error) => {
      r.headersOut['Content-Type'] = 'application/json';
      r.return(
        500,
        JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: String(error) }),
      );
    },
  );
}

export default { aggregate };

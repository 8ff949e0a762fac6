// Resolves the caller's identity from the signed session cookie without a round trip to auth
// (docs/accounts.md, "Sessions"). The /_identity subrequest runs resolve():
//
//   - a cookie signed by auth (services/auth/src/sessions/session-token.ts has the format) that has
//     not expired, whose user has no newer identity version in the marks directory, while the marks
//     are being kept (.alive is fresh): X-User-Id / X-User-Roles, answered here;
//   - a cookie whose signature does not verify: anonymous, answered here;
//   - anything else (expired, older than the user's identity version, marks not kept, a bare token
//     from before signed cookies): the subrequest goes on to auth, which decides from its database
//     and signs a fresh cookie (X-Session-Cookie, set on the response by nginx).
//
// The marks directory is kept by gateway/identity-marks.ts. KINORA_SESSION_SIGNING_KEYS (comma-
// separated, the same as auth's SESSION_SIGNING_KEYS) reaches this module through nginx's `env`.
import crypto from 'crypto';
import fs from 'fs';

const KEYS = (process.env.KINORA_SESSION_SIGNING_KEYS || '').split(',').filter(function (key) {
  return key.length > 0;
});
const ALIVE_MS = 3000;
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ROLE_LIST = /^(-|[a-z]+(\+[a-z]+)*)$/;
const NUMBER = /^\d{1,15}$/;

function sameText(a, b) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

function signedByUs(payload, signature) {
  for (let i = 0; i < KEYS.length; i++) {
    const expected = crypto.createHmac('sha256', KEYS[i]).update(payload).digest('base64url');
    if (sameText(expected, signature)) return true;
  }
  return false;
}

// Whether no change to the user since this version has been seen, and changes are being seen.
function current(marksDir, userId, version) {
  const alive = fs.statSync(marksDir + '/.alive', { throwIfNoEntry: false });
  if (!alive || Date.now() - alive.mtimeMs > ALIVE_MS) return false;
  const mark = fs.statSync(marksDir + '/' + userId, { throwIfNoEntry: false });
  return !mark || mark.mtimeMs / 1000 <= version;
}

// auth's answer, passed on as this subrequest's own (njs cannot redirect a subrequest internally).
async function askAuth(r) {
  const reply = await r.subrequest('/_identity/session');
  const names = ['X-User-Id', 'X-User-Roles', 'X-Session-Cookie'];
  for (let i = 0; i < names.length; i++) {
    const value = reply.headersOut[names[i]];
    if (value) r.headersOut[names[i]] = value;
  }
  r.return(reply.status);
}

function resolve(r) {
  const value = r.variables.cookie_kinora_session || '';
  const parts = value.split('.');
  if (parts.length !== 6) {
    return askAuth(r);
  }
  const userId = parts[1];
  const roles = parts[2];
  const version = parts[3];
  const expires = parts[4];
  const payload = value.slice(0, value.lastIndexOf('.'));
  if (
    !USER_ID.test(userId) ||
    !ROLE_LIST.test(roles) ||
    !NUMBER.test(version) ||
    !NUMBER.test(expires) ||
    !signedByUs(payload, parts[5])
  ) {
    r.return(204);
    return;
  }
  if (
    Number(expires) * 1000 <= Date.now() ||
    !current(r.variables.kinora_identity_marks, userId, Number(version))
  ) {
    return askAuth(r);
  }
  r.headersOut['X-User-Id'] = userId;
  r.headersOut['X-User-Roles'] = roles === '-' ? '' : roles.split('+').join(',');
  r.return(204);
}

export default { resolve };

// The caller's identity from the signed session cookie, without a round trip to auth
// (docs/accounts.md, "Identity without a round trip to auth"). nginx.conf reads claims() in the
// /_identity subrequest, once per request ($kinora_claims):
//
//   "<user id> <roles>"  a cookie signed by auth (services/auth/src/sessions/session-token.ts has
//                        the format) that has not expired, whose user has no newer identity version
//                        in the marks directory, while the marks are being kept (.alive is fresh):
//                        trusted as it is, answered in nginx;
//   "-"                  a cookie whose signature does not verify: anonymous, answered in nginx;
//   "?"                  anything else (expired, older than the user's identity version, marks not
//                        kept, a bare token from before signed cookies): the subrequest goes on to
//                        auth, which decides from its database and signs a fresh cookie.
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

function claims(r) {
  const value = r.variables.cookie_kinora_session || '';
  const parts = value.split('.');
  if (parts.length !== 6) return '?';
  const userId = parts[1];
  const roles = parts[2];
  if (!signedByUs(value.slice(0, value.lastIndexOf('.')), parts[5])) return '-';
  // Signed by auth, so well formed: a user id is a UUID, roles are letters and "+".
  if (!USER_ID.test(userId) || Number(parts[4]) * 1000 <= Date.now()) return '?';
  if (!current(r.variables.kinora_identity_marks, userId, Number(parts[3]))) return '?';
  return userId + ' ' + (roles === '-' ? '' : roles.split('+').join(','));
}

export default { claims };

/** A fresh member's session for benches: signed in through the gateway as the SPA does. */
import { randomInt } from 'node:crypto';
import { request } from 'node:http';
import { BenchError, fetchText } from './wrk.js';

interface Mail {
  id: string;
  text: string;
  to: { address: string }[];
}

async function mailsTo(maildevUrl: string, address: string): Promise<Mail[]> {
  const inbox = await fetchText(`${maildevUrl}/email`);
  if (inbox.status !== 200)
    throw new BenchError(`maildev answered ${inbox.status} at ${maildevUrl}/email`, 2);
  return (JSON.parse(inbox.body) as Mail[]).filter((mail) => mail.to.some((to) => to.address === address));
}

interface Answer {
  status: number;
  cookie: string;
  text: string;
}

/**
 * A loopback address of its own for a sign-in when the gateway is on this machine: the gateway
 * limits sign-in codes per client address (30 an hour), and a bench run signs in more members than
 * that, as do two runs within the hour.
 */
function clientAddress(gatewayUrl: string): string | undefined {
  const { hostname } = new URL(gatewayUrl);
  if (hostname !== 'localhost' && !hostname.startsWith('127.')) return undefined;
  return `127.${64 + randomInt(64)}.${randomInt(256)}.${1 + randomInt(254)}`;
}

function postJson(url: string, body: unknown, origin: string, localAddress?: string): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const headers = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
      origin,
    };
    const req = request(url, { method: 'POST', family: 4, localAddress, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          cookie: res.headers['set-cookie']?.[0]?.split(';')[0] ?? '',
          text,
        }),
      );
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Signs a new member in through the gateway, as the SPA does; returns the session cookie. */
export async function signIn(gatewayUrl: string, maildevUrl: string): Promise<string> {
  const email = `bench-${Date.now()}-${process.pid}@members.kinora.test`;
  const from = clientAddress(gatewayUrl);
  const post = (path: string, body: unknown) => postJson(`${gatewayUrl}${path}`, body, gatewayUrl, from);
  const sent = await post('/api/auth/send-code', { email });
  if (sent.status !== 200) throw new BenchError(`send-code answered ${sent.status}: ${sent.text}`, 2);
  for (let attempt = 0; attempt < 100; attempt++) {
    const [mail] = await mailsTo(maildevUrl, email);
    const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (code) {
      const verified = await post('/api/auth/verify-code', { email, code });
      if (verified.status !== 200 || !verified.cookie.startsWith('kinora_session=')) {
        throw new BenchError(`verify-code answered ${verified.status}: ${verified.text}`, 2);
      }
      return verified.cookie;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new BenchError(`no sign-in code reached ${maildevUrl} for ${email}`, 2);
}

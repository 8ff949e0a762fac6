/** A fresh member's session for benches: signed in through the gateway as the SPA does. */
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

/** Signs a new member in through the gateway, as the SPA does; returns the session cookie. */
export async function signIn(gatewayUrl: string, maildevUrl: string): Promise<string> {
  const email = `bench-${Date.now()}-${process.pid}@members.kinora.test`;
  const post = (path: string, body: unknown) =>
    fetch(`${gatewayUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: gatewayUrl },
      body: JSON.stringify(body),
    });
  const sent = await post('/api/auth/send-code', { email });
  if (sent.status !== 200) throw new BenchError(`send-code answered ${sent.status}: ${await sent.text()}`, 2);
  for (let attempt = 0; attempt < 100; attempt++) {
    const [mail] = await mailsTo(maildevUrl, email);
    const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (code) {
      const verified = await post('/api/auth/verify-code', { email, code });
      const cookie = (verified.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      if (verified.status !== 200 || !cookie.startsWith('kinora_session=')) {
        throw new BenchError(`verify-code answered ${verified.status}: ${await verified.text()}`, 2);
      }
      return cookie;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new BenchError(`no sign-in code reached ${maildevUrl} for ${email}`, 2);
}

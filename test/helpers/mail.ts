// A real SMTP server on 127.0.0.1 that keeps what it receives, and a reCAPTCHA verification stub.
import http from 'node:http';
import type { Test } from 'uvu';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface MailSink {
  url: string;
  received: { raw: string; mail: ParsedMail; from: string; to: string[] }[];
  /** Refuse the next messages for now with a 451 (try again later), as an overloaded or failing mail server does. */
  refuse: boolean;
  /** Refuse for good (554) every message this picks out, as a content filter refuses one message while taking the rest. */
  refuseFor?: (raw: string) => boolean;
  /** Hold each message this long before answering, as a slow mail server does. */
  delayMs: number;
  /** Keep each message, then close the connection instead of answering: a server or a network that drops after the final dot. */
  dropAfterData: boolean;
  /** Hold the answer to MAIL FROM this long, then take the message: a server that stalls, then recovers. */
  mailFromDelayMs: number;
  /** Called with each message as it is received and before it is answered: a test can crash the sender here. */
  onReceived?: (count: number) => void;
  /** The most messages the server held at once, waiting for their answer. */
  mostAtOnce: number;
  close(): Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
  const sink = { received: [] as MailSink['received'], refuse: false, delayMs: 0, dropAfterData: false, mailFromDelayMs: 0, mostAtOnce: 0 } as MailSink;
  let atOnce = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (sink.mailFromDelayMs) setTimeout(() => callback(), sink.mailFromDelayMs);
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        atOnce++;
        sink.mostAtOnce = Math.max(sink.mostAtOnce, atOnce);
        if (sink.delayMs) await new Promise((r) => setTimeout(r, sink.delayMs));
        atOnce--;
        if (sink.refuse) return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        if (sink.refuseFor?.(raw)) return callback(Object.assign(new Error('Message refused'), { responseCode: 554 }));
        sink.received.push({ raw, mail: await simpleParser(raw), from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address) });
        sink.onReceived?.(sink.received.length);
        if (sink.dropAfterData) return [...server.connections].find((c) => c.session.id === session.id)?._socket.destroy();
        callback();
      });
    },
  });
  // A client that dies mid-conversation (a killed sender) is that client's end, not the server's.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  sink.url = `smtp://127.0.0.1:${port}`;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}

/**
 * A mail sink for a suite of browser tests, with the contact function pointed at it and no reCAPTCHA secret.
 * Call it before the suite starts its site, which reads these settings as it starts; the environment is
 * restored after the suite.
 */
export function useMailSink(test: Test, ready: (sink: MailSink) => void): void {
  const saved = { ...process.env };
  let sink: MailSink;
  test.before(async () => {
    sink = await startMailSink();
    ready(sink);
    process.env.SMTP_URL = sink.url;
    process.env.RATE_LIMIT_PER_MINUTE = '1000';
    // A failed attempt is due again at once, so a test's own delivery run finds it.
    process.env.ENQUIRY_RETRY_MS = '1';
    delete process.env.RECAPTCHA_SECRET;
  });
  test.after(async () => {
    await sink.close();
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  });
}

export interface CaptchaStub {
  url: string;
  /** Tokens the stub accepts; any other token fails. */
  valid: Set<string>;
  /** The site's secret, when set: a request with another is refused as Google refuses it, whatever its token. */
  secret?: string;
  requests: URLSearchParams[];
  close(): Promise<void>;
}

export async function startCaptchaStub(): Promise<CaptchaStub> {
  const stub = { valid: new Set(['good-token']), requests: [] as URLSearchParams[] } as CaptchaStub;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const params = new URLSearchParams(body);
      stub.requests.push(params);
      res.writeHead(200, { 'content-type': 'application/json' });
      if (stub.secret !== undefined && params.get('secret') !== stub.secret) return res.end(JSON.stringify({ success: false, 'error-codes': ['invalid-input-secret'] }));
      res.end(JSON.stringify({ success: stub.valid.has(params.get('response') ?? ''), 'error-codes': stub.valid.has(params.get('response') ?? '') ? [] : ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  stub.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/siteverify`;
  stub.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return stub;
}

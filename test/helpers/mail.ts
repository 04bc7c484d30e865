// A real SMTP server on 127.0.0.1 that keeps what it receives, and a reCAPTCHA verification stub.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface MailSink {
  url: string;
  received: { raw: string; mail: ParsedMail; from: string; to: string[] }[];
  /** Refuse the next messages with a 550, as a full or hostile mail server would. */
  refuse: boolean;
  close(): Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
  const sink = { received: [] as MailSink['received'], refuse: false } as MailSink;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (sink.refuse) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        const raw = Buffer.concat(chunks).toString('utf8');
        sink.received.push({ raw, mail: await simpleParser(raw), from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  sink.url = `smtp://127.0.0.1:${port}`;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}

export interface CaptchaStub {
  url: string;
  /** Tokens the stub accepts; any other token fails. */
  valid: Set<string>;
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
      res.end(JSON.stringify({ success: stub.valid.has(params.get('response') ?? ''), 'error-codes': stub.valid.has(params.get('response') ?? '') ? [] : ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  stub.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/siteverify`;
  stub.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return stub;
}

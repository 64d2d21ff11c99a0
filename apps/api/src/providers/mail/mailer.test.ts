import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { smtpMailer } from './mailer';
import { verificationEmail } from './templates';

let server: SMTPServer;
let port = 0;
const received: { to: string[]; raw: string }[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SMTP mailer (SMTP_URL)', () => {
  it('delivers the verification e-mail over SMTP to a real server', async () => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'Facturo <no-responder@facturo.local>');
    await mailer.send(verificationEmail('ana@ejemplo.mx', '123456', 15));
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['ana@ejemplo.mx']);
    expect(received[0]!.raw).toContain('Subject: =?UTF-8?Q?C=C3=B3digo_de_verificaci=C3=B3n');
    expect(received[0]!.raw).toContain('123456');
  });
});

import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
export async function startSmtpPeer(): Promise<{ url: string; received: ReceivedMail[]; lastCodeFor(email: string): string; stop(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    lastCodeFor(email) {
      const mail = [...received].reverse().find((m) => m.to.includes(email));
      const code = mail && /code to reset your Dutyroll password is (\d{6})/.exec(mail.raw.replace(/=\r?\n/g, ''))?.[1];
      if (!code) throw new Error(`no reset code mailed to ${email}`);
      return code;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

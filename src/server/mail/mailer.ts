import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Where mail goes without SMTP: DATA_DIR/outbox. */
  outboxDir: string;
  log: FastifyBaseLogger;
  /**
   * Longest wait for the mail server to connect, to greet and to answer each command.
   * nodemailer's own defaults (2 minutes, 30 s, 10 minutes) would hold a request far
   * past any client's patience. Settings in SMTP_URL's query string win.
   */
  timeoutMs: number;
}

/**
 * Sends through SMTP_URL; without it, each message is saved as an .eml file in the
 * outbox folder so a fresh install can still reset a password. The log names the file
 * but never the message body: reset codes must not reach the logs. A mail server that
 * does not answer within `timeoutMs` fails the send (the caller turns that into a 503).
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
    });
    return {
      async send(message) {
        try {
          await transport.sendMail({ from: options.from, ...message });
        } catch (error) {
          // nodemailer's code and SMTP stage say what went wrong; the message body (the
          // reset code) is never part of them.
          const { code, command } = (error ?? {}) as { code?: unknown; command?: unknown };
          options.log.warn({ to: message.to, subject: message.subject, code, command }, 'mail not sent');
          throw error;
        }
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.log.info({ to: message.to, subject: message.subject, file }, 'SMTP_URL is not set: mail saved to the outbox');
    },
    close: () => transport.close(),
  };
}

import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Mail port: the outbox table by default, SMTP when SMTP_URL is set. */
export interface Mailer {
  kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}

export function outboxMailer(db: Db): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(outbox).values(message);
    },
  };
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

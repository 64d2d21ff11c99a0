import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (invoice XML and PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
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
      const attachments = (message.attachments ?? []).map((a) => ({
        filename: a.filename, contentType: a.contentType, size: a.content.byteLength, content: Buffer.from(a.content).toString('base64'),
      }));
      await db.insert(outbox).values({ to: message.to, subject: message.subject, text: message.text, html: message.html, attachments });
    },
  };
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      const attachments = message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) }));
      await transport.sendMail({ from, ...message, attachments });
    },
  };
}

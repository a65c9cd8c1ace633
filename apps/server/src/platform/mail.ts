import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The one-time code, when the message carries one (kept only in the dev outbox). */
  code?: string;
  /** Files sent with the message (a report's PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutboxEntry extends MailMessage {
  sentAt: Date;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Latest message to an address; only the development outbox keeps messages. */
  latest(to: string): OutboxEntry | undefined;
  close(): void;
}

/**
 * Without SMTP_URL (development only: production refuses to start without it): print to the
 * log and keep the last message per address for the dev outbox, when DEV_OUTBOX enables it.
 */
export function createDevOutbox(log: FastifyBaseLogger): Mailer {
  const byAddress = new Map<string, OutboxEntry>();
  return {
    async send(message) {
      byAddress.set(message.to.toLowerCase(), { ...message, sentAt: new Date() });
      log.info(
        {
          to: message.to,
          subject: message.subject,
          attachments: message.attachments?.map((a) => `${a.filename} (${a.content.length} bytes)`),
        },
        `mail (no SMTP_URL): ${message.text}`,
      );
    },
    latest: (to) => byAddress.get(to.toLowerCase()),
    close() {},
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text, html, attachments }) {
      await transport.sendMail({ from, to, subject, text, html, attachments });
    },
    latest: () => undefined,
    close: () => transport.close(),
  };
}

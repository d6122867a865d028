/**
 * Reminder e-mails (ADR 0089): the message a reminder becomes, and the SMTP transport that sends
 * it (nodemailer over SMTP_URL). The message is written when the reminder is recorded (the outbox
 * row), so what is sent is what was decided in that transaction.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { entityPath } from '@frontage/shared';
import type { MailConfig } from '../../config';

export interface ReminderMailItem {
  message: string;
  propertyId: number;
}

export interface ReminderMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const unsubscribePath = (token: string): string => `/api/reminders/unsubscribe/${token}`;

/** One e-mail per user and delivery: every reminder of that delivery, each with its unit's link. */
export const reminderMail = (
  publicUrl: string,
  items: readonly ReminderMailItem[],
  token: string,
): ReminderMail => {
  const link = (id: number) => `${publicUrl}${entityPath('property', id)}`;
  const unsubscribe = `${publicUrl}${unsubscribePath(token)}`;
  const subject =
    items.length === 1
      ? `Reminder: ${items[0]!.message}`
      : `${items.length} lease event reminders from Frontage`;
  const text = [
    'Frontage lease event reminders:',
    '',
    ...items.flatMap((i) => [`- ${i.message}`, `  ${link(i.propertyId)}`]),
    '',
    `Stop these e-mails: ${unsubscribe}`,
    'You can turn them back on in your profile.',
  ].join('\n');
  const html = [
    '<p>Frontage lease event reminders:</p>',
    '<ul>',
    ...items.map((i) => `<li><a href="${escapeHtml(link(i.propertyId))}">${escapeHtml(i.message)}</a></li>`),
    '</ul>',
    `<p><a href="${escapeHtml(unsubscribe)}">Stop these e-mails</a> (you can turn them back on in your profile).</p>`,
  ].join('\n');
  return { subject, text, html };
};

export interface Mailer {
  send: (mail: {
    to: string;
    subject: string;
    text: string;
    html: string;
    messageId: string;
  }) => Promise<void>;
  close: () => void;
}

const transports = new Map<string, Transporter>();

/** The SMTP transport of the configuration (one pooled transport per SMTP_URL and process). */
export const mailerOf = (config: MailConfig): Mailer => {
  let t = transports.get(config.smtpUrl);
  if (!t) {
    t = nodemailer.createTransport(config.smtpUrl);
    transports.set(config.smtpUrl, t);
  }
  const transport = t;
  return {
    send: async (m) => {
      await transport.sendMail({ from: config.from, ...m, headers: { 'Auto-Submitted': 'auto-generated' } });
    },
    close: () => {
      transport.close();
      transports.delete(config.smtpUrl);
    },
  };
};

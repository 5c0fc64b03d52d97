import type { Transporter } from 'nodemailer';
import type { Mailer } from '../../ports/mailer';

/** How long one send may take before it is given up (and logged): a slow mail server holds nothing else. */
const SEND_TIMEOUT_MS = 15_000;

/**
 * Email through the SMTP server named by SMTP_URL (`smtp://user:pass@host:587`, `smtps://…:465`), from
 * `from`. Nodemailer opens a connection per message: replies are rare enough that a pool would idle.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // Nodemailer (about 40 modules) is loaded by the first message: a site that sends none never holds it.
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(
        { url: smtpUrl, connectionTimeout: SEND_TIMEOUT_MS, greetingTimeout: SEND_TIMEOUT_MS, socketTimeout: SEND_TIMEOUT_MS },
        { from },
      ),
    ));
  return {
    async send(message) {
      await (await transporter()).sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
  };
}

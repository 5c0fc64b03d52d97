/** One email with a text and an HTML part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
}

/** Sends email (SMTP_URL); absent when none is configured, and then nothing is sent. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

import * as zhCN from '../../../src/i18n/zh-CN';
import { notMeLink } from '../../../src/domain/account/notMeLink';
import type { Clock } from '../../ports/clock';
import type { MailMessage, Mailer } from '../../ports/mailer';
import type { NotificationPublisher } from '../../ports/notificationPublisher';
import type { SessionTokens } from '../../ports/sessionTokens';
import type { SignInAlertRepository } from '../../ports/signInAlertRepository';
import { escapeHtml } from '../content/html';
import { AppError } from '../errors';
import type { SignedIn } from './accountService';
import { ACCOUNT_REFUSED } from './accountService';
import { SIGN_IN_POLICY } from './policy';
import { validationMessage } from './messages';
import { checkPasswordFormat } from '../../../src/domain/account/validation';

const text = zhCN.signIn;

/** The emails of new sign-ins (SMTP_URL and SITE_URL set); absent, only the notice is sent. */
export interface SignInMail {
  mailer: Mailer;
  /** The public origin: the link in the email is absolute. */
  siteUrl: string;
  siteName(): Promise<string>;
  /** The account's address when its owner allows emails (the personal centre's 邮件提醒), else undefined. */
  addressOf(userId: number): Promise<string | undefined>;
  /** When the time of the sign-in is written in the email (the site's own zone). */
  formatTime(at: Date): string;
  onError(error: unknown): void;
}

export interface SignInAlertDeps {
  alerts: SignInAlertRepository;
  tokens: SessionTokens;
  clock: Clock;
  notices: Pick<NotificationPublisher, 'toUser'>;
  /** The browser and system a User-Agent names ("Chrome 131 · Windows 10"). */
  describeClient(userAgent: string): string;
  /** What the link does: the end-session path of the accounts, and a new password set without the old one. */
  accounts: {
    endSession(user: { id: number }, sessionId: number): Promise<void>;
    replacePassword(userId: number, password: string): Promise<void>;
  };
  mail?: SignInMail | undefined;
}

/**
 * A sign-in from a browser the account never used is told to its owner: a notice, and an email if allowed,
 * each with a one-time 「不是我」 link. The link ends that session (everywhere, its chat sockets too) and hands
 * out a short grant to set a new password, which ends every session of the account. Nobody is signed in
 * by the link: whoever follows it signs in again with the new password.
 */
export class SignInAlerts {
  /** Emails on their way: a stopping server lets them finish. */
  private readonly sending = new Set<Promise<void>>();

  constructor(private readonly deps: SignInAlertDeps) {}

  /** Answers whether the sign-in was from a new browser (and so told). */
  async signedIn({ user, sessionId, client }: SignedIn): Promise<boolean> {
    if (!client.device) return false;
    const now = this.deps.clock.now();
    const seen = await this.deps.alerts.rememberDevice(user.id, this.deps.tokens.digest(client.device), now);
    // An account's first browser has nothing to be compared with: only a further one is news.
    if (seen !== 'new') return false;
    await this.deps.alerts.deleteExpired(now);
    const token = this.deps.tokens.generate();
    await this.deps.alerts.createAlert({
      userId: user.id,
      sessionId,
      tokenHash: this.deps.tokens.digest(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SIGN_IN_POLICY.notMeLinkMs),
    });
    const link = notMeLink(token);
    const where = this.deps.describeClient(client.userAgent ?? '');
    await this.deps.notices.toUser(user.id, { type: 4, message: text.notice(escapeHtml(where), escapeHtml(client.address), link), toId: null });
    this.mail(user.id, user.nickName, where, client.address, now, link);
    return true;
  }

  /**
   * The link followed: ends the session it names and answers the grant to set a new password, once; a used
   * or expired link is refused.
   */
  async notMe(token: string): Promise<{ userId: number; resetToken: string }> {
    const now = this.deps.clock.now();
    const resetToken = this.deps.tokens.generate();
    const alert = await this.deps.alerts.useAlert(this.deps.tokens.digest(token), now, {
      resetHash: this.deps.tokens.digest(resetToken),
      resetExpiresAt: new Date(now.getTime() + SIGN_IN_POLICY.resetGrantMs),
    });
    if (!alert) throw new AppError('refused', text.server.linkExpired, ACCOUNT_REFUSED);
    // Already ended (signed out, ended from the list): the grant still stands.
    await this.deps.accounts.endSession({ id: alert.userId }, alert.sessionId).catch((error: unknown) => {
      if (!(error instanceof AppError && error.kind === 'notFound')) throw error;
    });
    return { userId: alert.userId, resetToken };
  }

  /** The new password under the link's grant (checked before the grant is spent): every session of the account ends. */
  async setPassword(resetToken: string, password: string): Promise<number> {
    const problem = checkPasswordFormat(password);
    if (problem) throw new AppError('invalid', validationMessage(problem));
    const now = this.deps.clock.now();
    const userId = await this.deps.alerts.takeGrant(this.deps.tokens.digest(resetToken), now);
    if (userId === undefined) throw new AppError('refused', text.server.grantExpired, ACCOUNT_REFUSED);
    await this.deps.accounts.replacePassword(userId, password);
    return userId;
  }

  /** Resolves once every email under way has been handed to the mail server (or failed). */
  async whenMailSent(): Promise<void> {
    while (this.sending.size > 0) await Promise.all([...this.sending]);
  }

  private mail(userId: number, name: string, where: string, address: string, at: Date, link: string): void {
    const mail = this.deps.mail;
    if (!mail) return;
    const send = async () => {
      const to = await mail.addressOf(userId);
      if (!to) return;
      const url = `${mail.siteUrl.replace(/\/+$/, '')}${link}`;
      await mail.mailer.send(signInMail({ to, siteName: await mail.siteName(), name, where, address, when: mail.formatTime(at), url }));
    };
    // The sign-in answers whatever the mail server does.
    const sent = send()
      .catch((error: unknown) => mail.onError(error))
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }
}

function signInMail(facts: { to: string; siteName: string; name: string; where: string; address: string; when: string; url: string }): MailMessage {
  const words = text.mail;
  const body = words.body(facts.where, facts.address, facts.when);
  return {
    to: facts.to,
    subject: words.subject(facts.siteName),
    text: [words.lead(facts.name), '', body, '', `${words.notMe}：${facts.url}`, words.expires].join('\n'),
    html: [
      '<!doctype html><html><body style="font-family:sans-serif;line-height:1.6;color:#333">',
      `<p>${escapeHtml(words.lead(facts.name))}</p>`,
      `<p>${escapeHtml(body)}</p>`,
      `<p><a href="${escapeHtml(facts.url)}">${escapeHtml(words.notMe)}</a></p>`,
      `<p style="color:#888;font-size:12px">${escapeHtml(words.expires)}</p>`,
      '</body></html>',
    ].join(''),
  };
}

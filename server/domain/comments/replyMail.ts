import type { MailMessage } from '../../ports/mailer';
import { escapeHtml } from '../content/html';
import { commentMessages } from './messages';

export interface ReplyMailFacts {
  siteName: string;
  /** Who is written to. */
  to: { email: string; nickName: string };
  /** Who replied (their name as written, not yet escaped). */
  who: string;
  /** Where, as a phrase (文章《…》 / 说说「…」), not yet escaped. */
  where: string;
  /** The comment answered and the reply, as their authors wrote them (Markdown source: shown as text). */
  yours: string;
  reply: string;
  /** Absolute address of the reply on its page. */
  link: string;
  /** Absolute address that switches the reply emails off without signing in. */
  unsubscribe: string;
}

const text = commentMessages.mail;

/**
 * The reply email, its text and HTML parts from the one catalogue. What commenters wrote goes into the
 * HTML escaped, inside <pre>-like blocks: no commenter markup ever becomes live, in a mail client either.
 */
export function replyMail(facts: ReplyMailFacts): MailMessage {
  const subject = text.subject(facts.siteName, facts.who);
  const plain = [
    text.greeting(facts.to.nickName),
    '',
    text.body(facts.who, facts.where),
    '',
    text.yours,
    facts.yours,
    '',
    text.reply,
    facts.reply,
    '',
    `${text.open}：${facts.link}`,
    '',
    `${text.unsubscribeNote}${text.unsubscribe}：${facts.unsubscribe}`,
    text.footer(facts.siteName),
  ].join('\n');
  const quote = (words: string) =>
    `<blockquote style="margin:8px 0;padding:8px 12px;border-left:3px solid #49b1f5;background:#f6f8fa;white-space:pre-wrap">${escapeHtml(words)}</blockquote>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.6;color:#333">',
    `<p>${escapeHtml(text.greeting(facts.to.nickName))}</p>`,
    `<p>${escapeHtml(text.body(facts.who, facts.where))}</p>`,
    `<p>${escapeHtml(text.yours)}</p>`,
    quote(facts.yours),
    `<p>${escapeHtml(text.reply)}</p>`,
    quote(facts.reply),
    `<p><a href="${escapeHtml(facts.link)}">${escapeHtml(text.open)}</a></p>`,
    `<p style="color:#888;font-size:12px">${escapeHtml(text.unsubscribeNote)}<a href="${escapeHtml(facts.unsubscribe)}">${escapeHtml(text.unsubscribe)}</a><br>${escapeHtml(text.footer(facts.siteName))}</p>`,
    '</body></html>',
  ].join('');
  return {
    to: facts.to.email,
    subject,
    text: plain,
    html,
    headers: { 'List-Unsubscribe': `<${facts.unsubscribe}>` },
  };
}

import * as zhCN from '../../../src/i18n/zh-CN';
import { AUDIT_AREAS, type AuditArea } from '../../../src/protocol/console/audit';

const words = zhCN.consoleAudit;

/** What the log keeps of one event, before it is stored. */
export interface AuditRecord {
  area: AuditArea;
  /** A verb key of the catalogue (create, update, publish, signIn…) or a route's last segment. */
  action: string;
  /** The object's id, '' when none. */
  objectId: string;
  summary: string;
  /**
   * Entries with the same key close together are one entry: the editor's autosaves of one article by one
   * person in one sitting. Undefined: always a new entry.
   */
  mergeKey?: string;
}

/** Who did it and from where. */
export interface AuditActor {
  id: number | null;
  name: string;
  address: string;
  userAgent: string;
}

/** A console write as the HTTP layer saw it: the route's pattern below /api/admin, its params and body. */
export interface ConsoleWrite {
  method: string;
  route: string;
  params: Record<string, string>;
  body: unknown;
  actorId: number | null;
  /** The id the answer gave a created object (its route has none). */
  answerId?: string;
}

/** Fields never written into the log, whatever the route: secrets and long texts. */
const UNLOGGED_FIELDS = new Set(['password', 'oldPassword', 'newPassword', 'content', 'summary', 'token', 'secret', 'code', 'version', 'supersede']);
/** Fields that name the object. */
const NAME_FIELDS = ['title', 'name', 'nickName', 'username', 'tag'];
const DETAIL_LIMIT = 80;
const NAME_LIMIT = 40;

/** The route's words that are actions of their own (`/articles/:id/publish`), not parts of the object. */
const ACTION_SEGMENTS = new Set(['publish', 'unpublish', 'hide', 'unhide', 'trash', 'restore', 'import']);

const clip = (value: string, limit: number) => {
  const chars = Array.from(value.replace(/\s+/g, ' ').trim());
  return chars.length > limit ? `${chars.slice(0, limit).join('')}…` : chars.join('');
};

function scalar(value: unknown): string | undefined {
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string' && value !== '' && value.length <= 30) return value;
  return undefined;
}

/** The object's name and the short values a body carries (role=1, 置顶=是), without secrets or long texts. */
function bodyWords(body: unknown): { name: string; details: string } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { name: '', details: '' };
  const fields = body as Record<string, unknown>;
  const nameField = NAME_FIELDS.find((field) => typeof fields[field] === 'string' && fields[field] !== '');
  const details = Object.entries(fields)
    .filter(([key]) => key !== nameField && !UNLOGGED_FIELDS.has(key))
    .flatMap(([key, value]) => {
      const shown = scalar(value);
      return shown === undefined ? [] : [`${words.parts[key] ?? key}=${shown}`];
    })
    .join('，');
  return { name: nameField ? clip(String(fields[nameField]), NAME_LIMIT) : '', details: clip(details, DETAIL_LIMIT) };
}

/**
 * What a console write did, in the log's words: its area (the route's first segment), its verb (from the
 * method, or the route's action word), the object's id and name and the short values it set. The editor's
 * text saves (PUT /articles/:id) carry a merge key, so one sitting is one entry.
 */
export function describeConsoleWrite(write: ConsoleWrite): AuditRecord {
  const segments = write.route.split('/').filter(Boolean);
  const first = segments[0] ?? '';
  const area: AuditArea = (AUDIT_AREAS as readonly string[]).includes(first) ? (first as AuditArea) : 'other';
  const last = segments.filter((segment) => !segment.startsWith(':')).at(-1);
  let action = write.method === 'POST' ? 'create' : write.method === 'DELETE' ? 'delete' : 'update';
  if (write.method === 'DELETE' && area === 'articles' && last === 'bin') action = 'emptyBin';
  else if (last && ACTION_SEGMENTS.has(last)) action = last;
  // The first id names the object; the other segments (`revisions`, a kind, a version) name its part.
  let objectId = '';
  const parts: string[] = [];
  for (const segment of segments.slice(1)) {
    const param = segment.startsWith(':') ? segment.slice(1) : undefined;
    const value = param === undefined ? segment : (write.params[param] ?? '');
    if (param !== undefined && objectId === '' && (param === 'id' || param.endsWith('Id'))) objectId = value;
    else if (value !== action && !(action === 'emptyBin' && value === 'bin')) parts.push(words.parts[value] ?? value);
  }
  const part = parts.join(' ');
  if (objectId === '' && action === 'create') objectId = write.answerId ?? '';
  const { name, details } = bodyWords(write.body);
  const verb = (words.verbs as Record<string, string>)[action] ?? action;
  const summary =
    action === 'emptyBin'
      ? verb
      : `${verb} ${words.areas[area]}${part ? ` ${part}` : ''}${objectId ? ` #${objectId}` : ''}${name ? `「${name}」` : ''}${details ? `：${details}` : ''}`;
  const autosave = write.method === 'PUT' && write.route === '/articles/:id';
  return {
    area,
    action,
    objectId,
    summary,
    ...(autosave ? { mergeKey: `article-save:${write.actorId ?? ''}:${objectId}` } : {}),
  };
}

/** The accounts' security events. */
export type SecurityEvent =
  | 'signIn'
  | 'signInFailed'
  | 'secondStepFailed'
  | 'signOut'
  | 'passwordChanged'
  | 'twoStepOn'
  | 'twoStepOff'
  | 'sessionEnded'
  | 'newDeviceSignIn'
  | 'notMe'
  | 'notMePassword'
  | 'reauthenticated'
  | 'reauthFailed'
  | 'passkeyAdded'
  | 'passkeyRemoved'
  | 'passkeySignIn';

export function describeSecurityEvent(event: SecurityEvent, account: string): AuditRecord {
  return { area: 'security', action: event, objectId: '', summary: `${words.verbs[event]}「${clip(account, NAME_LIMIT)}」` };
}

/** A download of everything the site holds. */
export function describeDownload(kind: 'backupDownloaded' | 'exportDownloaded'): AuditRecord {
  return { area: 'transfer', action: kind, objectId: '', summary: words.verbs[kind] };
}

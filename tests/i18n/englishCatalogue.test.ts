import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as en from '../../src/i18n/en';
import * as zhCN from '../../src/i18n/zh-CN';

/**
 * The only English texts that keep Han characters, each for its reason. Everything else the English catalogue
 * says must be free of them: a Han character elsewhere is a text left untranslated.
 */
const KEEPS_HAN: Record<string, string> = {
  'pwa.appName': 'the site’s name (听雨小筑) is a proper noun',
  'pwa.shortName': 'the short form of the site’s name',
  'links.namePlaceholder': 'the example of a site name is this site’s own name',
  'consoleSite.settings.filingNumberHint': 'a Chinese ICP filing number is written in Chinese (京ICP备…号)',
  'language.chinese': 'the language switch names each language in itself: 中',
  'language.chineseName': 'the language switch names each language in itself: 中文',
};

const HAN = /\p{Script=Han}/u;

/** What a text-making function is called with: every combination of these, by its parameters' types. */
const SAMPLES: Record<string, readonly unknown[]> = { number: [0, 1, 2, 5], string: ['x'], boolean: [false, true] };

/**
 * Each Chinese text-making function's parameter types, read from its source (they are gone at run time):
 * `account.server.tooManyFailures` → ['number'].
 */
function parameterTypes(): Map<string, string[]> {
  const folder = new URL('../../src/i18n/zh-CN/', import.meta.url);
  const found = new Map<string, string[]>();
  for (const file of readdirSync(folder)) {
    const source = ts.createSourceFile(file, readFileSync(new URL(file, folder), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAssignment(node) && ts.isArrowFunction(node.initializer)) {
        found.set(
          pathOf(node),
          node.initializer.parameters.map((parameter) => parameter.type?.getText() ?? 'unknown'),
        );
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** `a.b.c` of a property: the names of the variable and properties it sits in. */
function pathOf(node: ts.Node): string {
  const names: string[] = [];
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    if (ts.isPropertyAssignment(at) || ts.isVariableDeclaration(at))
      names.unshift(at.name.getText().replace(/^'|'$/g, ''));
  }
  return names.join('.');
}

const PARAMETER_TYPES = parameterTypes();

type Kind = 'string' | 'function' | 'array' | 'object' | 'other';

function kindOf(value: unknown): Kind {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'function') return 'function';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object' && value !== null) return 'object';
  return 'other';
}

function argumentLists(types: readonly string[]): unknown[][] {
  if (types.length === 0) return [[]];
  const [first, ...rest] = types;
  return (SAMPLES[first!] ?? []).flatMap((sample) => argumentLists(rest).map((others) => [sample, ...others]));
}

/** A text fit to show: not empty, nothing missing in it, Han characters only where allowed. */
function textProblem(path: string, text: unknown): string | null {
  if (typeof text !== 'string') return `${path} is ${typeof text}, not a text`;
  if (text.trim() === '') return `${path} is empty`;
  if (/undefined|NaN/.test(text)) return `${path} says “${text}”`;
  if (HAN.test(text) && !(path.split('(')[0]! in KEEPS_HAN)) return `${path} is not English: “${text}”`;
  return null;
}

/** Calls a text-making function of English with sample arguments of each of its parameters' types. */
function functionProblems(path: string, zh: (...args: unknown[]) => unknown, english: (...args: unknown[]) => unknown) {
  if (english.length !== zh.length) return [`${path} takes ${english.length} parameters, the Chinese ${zh.length}`];
  const types = PARAMETER_TYPES.get(path);
  if (types?.length !== zh.length || !types.every((type) => type in SAMPLES)) {
    return [`${path}: no sample arguments for the Chinese parameters (${types?.join(', ') ?? 'not found'})`];
  }
  return argumentLists(types).flatMap((args) => {
    const call = `${path}(${args.map((arg) => JSON.stringify(arg)).join(', ')})`;
    try {
      return [textProblem(call, english(...args))].filter((problem) => problem !== null);
    } catch (error) {
      return [`${call} throws ${String(error)}`];
    }
  });
}

/** Everything in which an English area differs in shape from its Chinese one, or says something unfit. */
function problemsOf(path: string, zh: unknown, english: unknown): string[] {
  const kind = kindOf(zh);
  if (kindOf(english) !== kind) return [`${path} is ${kindOf(english)}, the Chinese ${kind}`];
  switch (kind) {
    case 'string':
      return [textProblem(path, english)].filter((problem) => problem !== null);
    case 'function':
      return functionProblems(path, zh as () => unknown, english as () => unknown);
    case 'array':
    case 'object': {
      const zhKeys = Object.keys(zh as object).sort();
      const enKeys = Object.keys(english as object).sort();
      const missing = zhKeys.filter((key) => !enKeys.includes(key)).map((key) => `${path}.${key} is missing`);
      const extra = enKeys.filter((key) => !zhKeys.includes(key)).map((key) => `${path}.${key} is not in the Chinese`);
      const shared = zhKeys.filter((key) => enKeys.includes(key));
      return [
        ...missing,
        ...extra,
        ...shared.flatMap((key) =>
          problemsOf(`${path}.${key}`, (zh as Record<string, unknown>)[key], (english as Record<string, unknown>)[key]),
        ),
      ];
    }
    default:
      return [`${path} is neither text, function, list nor object`];
  }
}

describe('the English catalogue', () => {
  it('has exactly the Chinese catalogue’s areas', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zhCN).sort());
  });

  describe.each(Object.keys(zhCN))('%s', (area) => {
    it('has every key of the Chinese, in the same shape, and speaks English', () => {
      const english = (en as Record<string, unknown>)[area];
      expect(problemsOf(area, (zhCN as Record<string, unknown>)[area], english)).toEqual([]);
    });
  });

  it('keeps Han characters only in the allowed texts, and they are still there', () => {
    for (const path of Object.keys(KEEPS_HAN)) {
      const text = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], en);
      expect(typeof text, path).toBe('string');
    }
  });

  it('counts in the singular for one and in the plural otherwise', () => {
    expect([0, 1, 2].map(en.relativeTime.second)).toEqual(['0 seconds ago', '1 second ago', '2 seconds ago']);
    expect([1, 5].map(en.comments.count)).toEqual(['1 comment', '5 comments']);
    expect([1, 3].map(en.messages.replyCount)).toEqual(['1 reply', '3 replies']);
    expect(en.content.comments.countShort('12.3k')).toBe('12.3k comments');
    expect(en.content.viewsValue('1')).toBe('1 view');
  });

  it('says a span of minutes in whole units, as the Chinese does', () => {
    expect([1, 10, 60, 90, 1440, 1500, 2 * 1440 + 180].map(en.chat.muteFor)).toEqual([
      'For 1 minute',
      'For 10 minutes',
      'For 1 hour',
      'For 1 hour 30 minutes',
      'For 1 day',
      'For 1 day 1 hour',
      'For 2 days 3 hours',
    ]);
  });
});

import { parse, TomlError } from 'smol-toml';
import { contentMessages } from '../../domain/content/messages';

const text = contentMessages.importer.toml;

/** TOML dates become their text, so the importer's date rules treat them like YAML dates. */
function datesAsText(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace(/\.000(?=[+-]|Z|$)/, '');
  if (Array.isArray(value)) return value.map(datesAsText);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, datesAsText(item)]));
  }
  return value;
}

/** Hugo's `+++` front matter, parsed by smol-toml; a syntax error names its line. */
export function parseToml(source: string): Record<string, unknown> {
  try {
    return datesAsText(parse(source)) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof TomlError)
      throw new Error(text.atLine(error.line, text.unparsable(error.message.split('\n')[0] ?? '')));
    throw error;
  }
}

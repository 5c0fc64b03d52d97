/**
 * Song search over title, aliases, artists and album: Chinese substrings of any length, and pinyin — full
 * (`jingyesi`), initials (`jys`) and mixed with characters (`静ys`, `jingys`). Each text is kept as a row of
 * tokens (one per character, whitespace dropped) with the pinyin syllable of each Chinese character, and a
 * query matches a contiguous run of tokens where every token is met by the character itself or by a prefix
 * of its syllable. Inverted lists narrow the songs to check, the way the article search's character and pair
 * index does, so a query reads a few lists instead of every song.
 */

/** One entry per code point of `text`: its lower-case pinyin syllable (ü as v) for a Chinese character, '' otherwise. */
export type Romanise = (text: string, kind: 'name' | 'person') => string[];

export interface SearchableSong {
  id: number;
  title: string;
  aliases: readonly string[];
  artists: readonly string[];
  album: string;
}

/** Field weights: a title match outranks an alias, an artist, then an album match. */
const FIELD_RANK = { title: 0, alias: 1, artist: 2, album: 3 } as const;
type FieldKind = keyof typeof FIELD_RANK;

interface Field {
  kind: FieldKind;
  /** Lower-cased characters without whitespace. */
  tokens: string[];
  /** The syllable of each token, or the token itself when it is not Chinese. */
  syllables: string[];
  text: string;
}

interface Entry {
  id: number;
  title: string;
  fields: Field[];
}

export interface SearchPage {
  ids: number[];
  total: number;
}

export const MAX_KEYWORD_LENGTH = 50;
const CJK = /\p{Script=Han}/u;
/** No syllable is longer than six letters (zhuang, shuang). */
const LONGEST_SYLLABLE = 6;

export function normaliseKeyword(keyword: string): string[] {
  return [...keyword.normalize('NFKC').toLowerCase().replace(/\s+/gu, '')];
}

function fieldOf(kind: FieldKind, text: string, romanise: Romanise): Field {
  const normalised = text.normalize('NFKC');
  const characters = [...normalised];
  const readings = romanise(normalised, kind === 'artist' ? 'person' : 'name');
  const tokens: string[] = [];
  const syllables: string[] = [];
  characters.forEach((character, index) => {
    if (/\s/u.test(character)) return;
    const token = character.toLowerCase();
    tokens.push(token);
    const reading = CJK.test(character) ? readings[index] : undefined;
    syllables.push(reading && /^[a-z]+$/.test(reading) ? reading : token);
  });
  return { kind, tokens, syllables, text: tokens.join('') };
}

function entryOf(song: SearchableSong, romanise: Romanise): Entry {
  const fields = [
    fieldOf('title', song.title, romanise),
    ...song.aliases.map((alias) => fieldOf('alias', alias, romanise)),
    ...song.artists.map((artist) => fieldOf('artist', artist, romanise)),
    ...(song.album ? [fieldOf('album', song.album, romanise)] : []),
  ].filter((field) => field.tokens.length > 0);
  return { id: song.id, title: fieldOf('title', song.title, romanise).text, fields };
}

/** Does `query` from `queryAt` match the tokens of `field` from `tokenAt` to its end? */
function matchesFrom(query: readonly string[], queryAt: number, field: Field, tokenAt: number): boolean {
  if (queryAt === query.length) return true;
  const token = field.tokens[tokenAt];
  if (token === undefined) return false;
  if (query[queryAt] === token && matchesFrom(query, queryAt + 1, field, tokenAt + 1)) return true;
  const syllable = field.syllables[tokenAt] ?? token;
  if (syllable === token) return false;
  let length = 0;
  while (length < syllable.length && query[queryAt + length] === syllable[length]) {
    length += 1;
    if (matchesFrom(query, queryAt + length, field, tokenAt + 1)) return true;
  }
  return false;
}

/** 0 the whole title, 1 a literal prefix, 2 a literal substring, 3 a pinyin match; undefined when it does not match. */
function fieldScore(query: readonly string[], field: Field): number | undefined {
  const literal = query.join('');
  if (field.text === literal) return 0;
  if (field.text.startsWith(literal)) return 1;
  if (field.text.includes(literal)) return 2;
  for (let start = 0; start < field.tokens.length; start += 1) {
    if (matchesFrom(query, 0, field, start)) return 3;
  }
  return undefined;
}

/** The rank of a song for a query (lower is better), or undefined when it does not match. */
function entryScore(query: readonly string[], entry: Entry): number | undefined {
  let best: number | undefined;
  for (const field of entry.fields) {
    const score = fieldScore(query, field);
    if (score === undefined) continue;
    const ranked = FIELD_RANK[field.kind] * 4 + score;
    if (best === undefined || ranked < best) best = ranked;
  }
  return best;
}

function addPosting(postings: Map<string, number[]>, key: string, entry: number) {
  const list = postings.get(key);
  if (list === undefined) postings.set(key, [entry]);
  else if (list[list.length - 1] !== entry) list.push(entry);
}

export class SongSearchIndex {
  private readonly entries: Entry[];
  /** Token character → entries holding it. */
  private readonly characters = new Map<string, number[]>();
  /** First letters of two neighbouring tokens' syllables → entries. */
  private readonly initialPairs = new Map<string, number[]>();
  /** A syllable prefix of two letters or more → entries with a token of that syllable. */
  private readonly syllablePrefixes = new Map<string, number[]>();

  constructor(songs: readonly SearchableSong[], romanise: Romanise) {
    this.entries = songs.map((song) => entryOf(song, romanise));
    this.entries.forEach((entry, index) => {
      for (const field of entry.fields) {
        field.tokens.forEach((token, at) => {
          addPosting(this.characters, token, index);
          const syllable = field.syllables[at] ?? token;
          for (let length = 2; length <= syllable.length; length += 1) addPosting(this.syllablePrefixes, syllable.slice(0, length), index);
          const next = field.syllables[at + 1];
          if (next !== undefined) addPosting(this.initialPairs, `${syllable[0]}${next[0]}`, index);
        });
      }
    });
  }

  get size(): number {
    return this.entries.length;
  }

  search(keyword: string, offset: number, limit: number): SearchPage {
    const query = normaliseKeyword(keyword);
    if (query.length === 0) return { ids: [], total: 0 };
    const scored: { entry: Entry; score: number }[] = [];
    for (const index of this.candidates(query)) {
      const entry = this.entries[index];
      const score = entry && entryScore(query, entry);
      if (entry && score !== undefined) scored.push({ entry, score });
    }
    scored.sort((a, b) => a.score - b.score || a.entry.title.length - b.entry.title.length || a.entry.id - b.entry.id);
    return { ids: scored.slice(offset, offset + limit).map(({ entry }) => entry.id), total: scored.length };
  }

  /** The plain scan the index replaces: every song checked. Kept as the baseline for tests and benchmarks. */
  scan(keyword: string): number[] {
    const query = normaliseKeyword(keyword);
    if (query.length === 0) return [];
    return this.entries.filter((entry) => entryScore(query, entry) !== undefined).map((entry) => entry.id);
  }

  /** Entry indexes that may match, in ascending order; every match is among them. */
  private candidates(query: readonly string[]): Iterable<number> {
    const chinese = [...new Set(query.filter((character) => CJK.test(character)))];
    if (chinese.length > 0) {
      // A Chinese character in the query can only be met by itself.
      const lists = chinese.map((character) => this.characters.get(character) ?? []).sort((a, b) => a.length - b.length);
      const [shortest = [], ...rest] = lists;
      const others = rest.map((list) => new Set(list));
      return shortest.filter((index) => others.every((set) => set.has(index)));
    }
    const first = query[0] ?? '';
    const whole = query.join('');
    const lists: number[][] = [];
    if (query.length === 1) {
      lists.push(this.characters.get(first) ?? []);
      // A single letter is also the initial of a syllable: every syllable starting with it.
      for (const [prefix, list] of this.syllablePrefixes) if (prefix.length === 2 && prefix[0] === first) lists.push(list);
      return union(lists);
    }
    if (query.length <= LONGEST_SYLLABLE) lists.push(this.syllablePrefixes.get(whole) ?? []);
    // The match spans two tokens or more: the first token takes 1…6 letters, the second begins right after.
    for (let split = 1; split <= Math.min(LONGEST_SYLLABLE, query.length - 1); split += 1) {
      if (split > 1 && !this.syllablePrefixes.has(whole.slice(0, split))) break;
      lists.push(this.initialPairs.get(`${first}${query[split]}`) ?? []);
    }
    return union(lists);
  }
}

function union(lists: readonly number[][]): number[] {
  if (lists.length === 1) return lists[0] ?? [];
  const merged = new Set<number>();
  for (const list of lists) for (const index of list) merged.add(index);
  return [...merged].sort((a, b) => a - b);
}

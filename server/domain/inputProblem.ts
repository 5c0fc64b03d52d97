/** Deepest nesting a JSON body may have: no form of ours goes past a handful of levels. */
export const MAX_INPUT_DEPTH = 32;

export type InputProblem = 'nul' | 'illFormed' | 'depth';
/** With the `u` flag a surrogate range matches only a surrogate that is not half of a pair. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

function textProblem(text: string): InputProblem | undefined {
  if (text.includes('\u0000')) return 'nul';
  // A lone surrogate cannot be stored as UTF-8: the database would keep replacement characters.
  if (LONE_SURROGATE.test(text)) return 'illFormed';
  return undefined;
}

/**
 * Walks a parsed body, query or parameters without recursion (a body nested thousands of levels deep
 * must not overflow the stack) and names the first problem: a NUL character, ill-formed UTF-16 (a lone
 * surrogate) in a key or a value, or nesting deeper than MAX_INPUT_DEPTH.
 */
export function inputProblem(value: unknown, maxDepth = MAX_INPUT_DEPTH): InputProblem | undefined {
  const stack: Array<{ item: unknown; depth: number }> = [{ item: value, depth: 0 }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { item, depth } = next;
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem) return problem;
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= maxDepth) return 'depth';
    for (const key of Object.keys(item)) {
      const problem = textProblem(key);
      if (problem) return problem;
      stack.push({ item: (item as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
  return undefined;
}

const CIRCLED = ['①', '②', '③', '④', '⑤', '⑥', '⑦', '⑧', '⑨', '⑩'] as const;

/** The hot list's numbering: ① for 1 up to ⑩ for 10; beyond that the plain number. */
export function circledNumber(n: number): string {
  return CIRCLED[n - 1] ?? String(n);
}

/** The value of `--name=value` on the bench's command line, or `fallback`. */
export function option(name: string, fallback: string): string {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length) ?? fallback;
}

/** The middle of a run's figures (the upper middle of an even count). */
export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[values.length >> 1]!;
}

/** The few facts about the browser environment the shell's machines need. */
export interface Clock {
  now(): number;
  hour(): number;
}

export interface Random {
  /** An integer from 0 (inclusive) to max (exclusive). */
  int(max: number): number;
}

export interface Clipboard {
  write(text: string): Promise<void>;
}

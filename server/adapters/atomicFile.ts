import crypto from 'node:crypto';
import fs from 'node:fs/promises';

/**
 * Writes `bytes` beside `target` and renames it into place, so a reader never sees half a file; a write
 * that fails (a full disk) removes what it wrote and leaves `target` as it was.
 */
export async function writeFileAtomically(target: string, bytes: Buffer): Promise<void> {
  const temporary = `${target}.${crypto.randomUUID()}.tmp`;
  try {
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureClientBuilt } from '../../../server/cli/clientBuild';
import { loadConfig } from '../../../server/config';
import { CHROMIUM_PATH } from './browserPath';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The client built once for all end-to-end files ('' when the run is skipped). */
    e2eClientDir: string;
    /** Why the end-to-end tests cannot run on this machine ('' when they can). */
    e2eSkipReason: string;
    /** The pictures' width variants, one folder for every site of the run (harness.ts `shareVariants`). */
    e2eVariantsDir: string;
  }
}

/** Builds the client once, if it is older than its sources, and hands its path to the test files. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    const reason = `Chromium not found at ${CHROMIUM_PATH} (install it with \`apt-get install -y chromium-headless-shell\` or set CHROMIUM_PATH)`;
    // CI must prove the site in a browser: a missing browser is a failure there, not a skip.
    if (process.env.CI) throw new Error(`${reason}; CI requires the end-to-end tests`);
    console.warn(`\n[e2e] Skipping the end-to-end tests: ${reason}\n`);
    project.provide('e2eClientDir', '');
    project.provide('e2eSkipReason', reason);
    project.provide('e2eVariantsDir', '');
    return;
  }

  // The client and its server renderer, built where and as `npm start` builds them: a build newer than its
  // sources is served as it is (`.ci/run` builds it while npm compiles SQLite). The servers only read it.
  const { clientDir } = loadConfig();
  await ensureClientBuilt(clientDir);
  project.provide('e2eClientDir', clientDir);
  project.provide('e2eSkipReason', '');
  const variantsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-e2e-variants-'));
  project.provide('e2eVariantsDir', variantsDir);
  return () => fs.rmSync(variantsDir, { recursive: true, force: true });
}

import path from 'node:path';
import { isWxrFile } from './wxrReader';

/** Where a WordPress site keeps its pictures, wherever the blogger's zip put it. */
const UPLOADS_FOLDER = /^((?:.*\/)?wp-content\/uploads)\//;

/**
 * A WordPress export unpacked from a zip with its pictures: the WXR file among `files` (paths relative to
 * `folder`, '/'-separated; known by its content, the shallowest first) and the `wp-content/uploads` folder
 * beside it, when the zip has one. Undefined when no file is an export.
 */
export async function findWordpressExport(folder: string, files: readonly string[]): Promise<{ wxr: string; uploads?: string } | undefined> {
  const depth = (relative: string) => relative.split('/').length;
  const candidates = files.filter((relative) => /\.xml$/i.test(relative) && !UPLOADS_FOLDER.test(relative)).sort((a, b) => depth(a) - depth(b) || a.localeCompare(b));
  for (const relative of candidates) {
    const wxr = path.join(folder, ...relative.split('/'));
    if (!(await isWxrFile(wxr))) continue;
    const uploads = files.map((file) => UPLOADS_FOLDER.exec(file)?.[1]).find((found) => found !== undefined);
    return uploads === undefined ? { wxr } : { wxr, uploads: path.join(folder, ...uploads.split('/')) };
  }
  return undefined;
}

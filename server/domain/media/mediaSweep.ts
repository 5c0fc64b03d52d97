import type { Clock } from '../../ports/clock';
import type { MediaReferenceSource } from '../../ports/mediaReferences';
import { pagesOf, type ListedObject, type ObjectStore } from '../../ports/mediaStore';
import { addReferencedStems, contentStem, originalOfVariant } from './mediaNames';

const HOUR_MS = 3_600_000;
/** Deletes sent at once: enough to hide a bucket's latency, few enough not to flood it. */
const DELETES_AT_ONCE = 8;

export interface MediaSweepDeps {
  /** The originals (`media/`), keys being their names. */
  media: ObjectStore;
  /** Where the width variants are kept (the bucket's `variants/`, or the local variants folder). */
  variants: ObjectStore;
  references: MediaReferenceSource;
  clock: Clock;
}

export interface MediaSweepOptions {
  /** Objects younger than this (by their lastModified) stay whatever refers to them: an upload not saved yet. */
  graceHours: number;
  /** Lists what would go, deletes nothing. */
  dryRun?: boolean;
  /** Told of each object deleted (or, in a dry run, that would be). */
  onDelete?: (object: ListedObject, kind: 'original' | 'variant') => void;
}

export interface MediaSweepReport {
  /** Originals looked at. */
  examined: number;
  deleted: number;
  deletedBytes: number;
  variantsDeleted: number;
  variantBytes: number;
}

/**
 * The media clean-up (issue 50): objects are named by their content and may be shared, so one goes only when
 * nothing refers to it any more. An original is deleted when it is content-named (objects put there by hand are
 * never touched), older than the grace period, and its name appears in no text of the site's data (drafts,
 * revisions and the recycle bin count); its variants go with it, and so do variants whose original is gone.
 *
 * The references are read before anything is listed, and once more just before deleting, so a reference saved
 * while the sweep runs still keeps its object; reading them failing deletes nothing.
 */
export class MediaSweep {
  constructor(private readonly deps: MediaSweepDeps) {}

  async run(options: MediaSweepOptions): Promise<MediaSweepReport> {
    const report: MediaSweepReport = { examined: 0, deleted: 0, deletedBytes: 0, variantsDeleted: 0, variantBytes: 0 };
    const before = this.deps.clock.now().getTime() - options.graceHours * HOUR_MS;
    const old = (object: ListedObject) => object.lastModified.getTime() <= before;

    const referenced = await this.referencedStems();
    const present = new Set<string>();
    let candidates: ListedObject[] = [];
    for await (const page of pagesOf(this.deps.media, '')) {
      for (const object of page) {
        report.examined += 1;
        present.add(object.key);
        const stem = contentStem(object.key);
        if (stem && !referenced.has(stem) && old(object)) candidates.push(object);
      }
    }
    if (candidates.length > 0) {
      const now = await this.referencedStems();
      candidates = candidates.filter((object) => !now.has(contentStem(object.key)!));
    }

    const gone = new Set<string>();
    await this.deleteAll(candidates, options, 'original', (object) => {
      present.delete(object.key);
      gone.add(object.key);
      report.deleted += 1;
      report.deletedBytes += object.size;
    });

    // A variant goes with its original whatever its age; one whose original is missing (deleted by hand, or by an
    // earlier sweep cut short) once past the grace period, as the original may be an upload still being listed.
    for await (const page of pagesOf(this.deps.variants, '')) {
      const orphans = page.filter((object) => {
        const original = originalOfVariant(object.key);
        return original !== undefined && (gone.has(original) || (!present.has(original) && old(object)));
      });
      await this.deleteAll(orphans, options, 'variant', (object) => {
        report.variantsDeleted += 1;
        report.variantBytes += object.size;
      });
    }
    return report;
  }

  private async referencedStems(): Promise<Set<string>> {
    const stems = new Set<string>();
    for await (const texts of this.deps.references.texts()) for (const text of texts) addReferencedStems(text, stems);
    return stems;
  }

  private async deleteAll(
    objects: ListedObject[],
    options: MediaSweepOptions,
    kind: 'original' | 'variant',
    done: (object: ListedObject) => void,
  ): Promise<void> {
    const store = kind === 'original' ? this.deps.media : this.deps.variants;
    for (let start = 0; start < objects.length; start += DELETES_AT_ONCE) {
      await Promise.all(
        objects.slice(start, start + DELETES_AT_ONCE).map(async (object) => {
          if (!options.dryRun) await store.delete(object.key);
          done(object);
          options.onDelete?.(object, kind);
        }),
      );
    }
  }
}

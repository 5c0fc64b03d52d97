import type { TaxonomyKind } from '../../src/protocol/console/site';
import type { CountedName } from '../domain/content/article';

/** Categories and tags as the console arranges them; `kind` says which. */
export interface TaxonomyRepository {
  /** Every one, with its articles of any status counted; most articles first, then by name. */
  list(kind: TaxonomyKind): Promise<CountedName[]>;
  find(kind: TaxonomyKind, id: number): Promise<CountedName | undefined>;
  /** The new one's id; undefined when the name is taken. */
  create(kind: TaxonomyKind, name: string, createdAt: string): Promise<number | undefined>;
  /** False when the name is taken by another one. */
  rename(kind: TaxonomyKind, id: number, name: string): Promise<boolean>;
  /**
   * In one transaction: the articles of `from` move to `into` (an article that had both keeps `into`, in
   * its own place), then `from` is removed.
   */
  merge(kind: TaxonomyKind, from: number, into: number): Promise<void>;
  /** Removes it: its articles keep their other tags, or have no category. */
  remove(kind: TaxonomyKind, id: number): Promise<void>;
}

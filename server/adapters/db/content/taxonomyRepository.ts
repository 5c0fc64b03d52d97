import { sql, type Kysely } from 'kysely';
import type { TaxonomyKind } from '../../../../src/protocol/console/site';
import type { CountedName } from '../../../domain/content/article';
import type { TaxonomyRepository } from '../../../ports/taxonomyRepository';
import type { Database } from '../schema';
import { isUniqueViolation } from '../uniqueViolation';

const TABLE = { categories: 'category', tags: 'tag' } as const;

export class KyselyTaxonomyRepository implements TaxonomyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private counted(kind: TaxonomyKind) {
    return kind === 'categories'
      ? this.db
          .selectFrom('category as t')
          .select((eb) => [
            't.id',
            't.name',
            eb.selectFrom('article as a').select(eb.fn.countAll<number>().as('n')).whereRef('a.category_id', '=', 't.id').as('articleCount'),
          ])
      : this.db
          .selectFrom('tag as t')
          .select((eb) => [
            't.id',
            't.name',
            eb.selectFrom('article_tag as at').select(eb.fn.countAll<number>().as('n')).whereRef('at.tag_id', '=', 't.id').as('articleCount'),
          ]);
  }

  async list(kind: TaxonomyKind): Promise<CountedName[]> {
    const rows = await this.counted(kind).orderBy('articleCount', 'desc').orderBy('t.id').execute();
    return rows.map(toCounted);
  }

  async find(kind: TaxonomyKind, id: number): Promise<CountedName | undefined> {
    const row = await this.counted(kind).where('t.id', '=', id).executeTakeFirst();
    return row && toCounted(row);
  }

  async create(kind: TaxonomyKind, name: string, createdAt: string): Promise<number | undefined> {
    try {
      const row = await this.db.insertInto(TABLE[kind]).values({ name, created_at: createdAt }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  async rename(kind: TaxonomyKind, id: number, name: string): Promise<boolean> {
    try {
      await this.db.updateTable(TABLE[kind]).set({ name }).where('id', '=', id).execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async merge(kind: TaxonomyKind, from: number, into: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (kind === 'categories') {
        await trx.updateTable('article').set({ category_id: into }).where('category_id', '=', from).execute();
        await trx.deleteFrom('category').where('id', '=', from).execute();
        return;
      }
      // Articles tagged with both keep the tag they merge into, where it was; the others get it in place of `from`.
      await trx
        .insertInto('article_tag')
        .columns(['article_id', 'tag_id', 'position'])
        .expression((eb) =>
          eb
            .selectFrom('article_tag as at')
            .select(['at.article_id', sql<number>`cast(${into} as integer)`.as('tag_id'), 'at.position'])
            .where('at.tag_id', '=', from)
            .where('at.article_id', 'not in', eb.selectFrom('article_tag as kept').select('kept.article_id').where('kept.tag_id', '=', into)),
        )
        .execute();
      await trx.deleteFrom('article_tag').where('tag_id', '=', from).execute();
      await trx.deleteFrom('tag').where('id', '=', from).execute();
    });
  }

  async remove(kind: TaxonomyKind, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (kind === 'categories') {
        await trx.updateTable('article').set({ category_id: null }).where('category_id', '=', id).execute();
        await trx.deleteFrom('category').where('id', '=', id).execute();
      } else {
        await trx.deleteFrom('article_tag').where('tag_id', '=', id).execute();
        await trx.deleteFrom('tag').where('id', '=', id).execute();
      }
    });
  }
}

function toCounted(row: { id: number; name: string; articleCount: number | null }): CountedName {
  return { id: row.id, name: row.name, articleCount: Number(row.articleCount ?? 0) };
}

import { CommentImport } from '../../../domain/comments/commentImport';
import { KyselyCommentImportStore } from '../../db/commentImportStore';
import { KyselyCommentRepository } from '../../db/commentRepository';
import type { DatabaseHandle } from '../../db/connect';
import { KyselyArticleRepository } from '../../db/content/articleRepository';
import { KyselyOldAddressRepository } from '../../db/content/oldAddressRepository';
import { createCommentRenderer } from '../../markdown/commentRenderer';
import type { WxrBatch } from './wxrImporter';

/**
 * Each batch of a WordPress import in one transaction of the database, its stores bound to it: on SQLite
 * one commit (one fsync) for 200 posts and their comments instead of one per row written.
 */
export function wxrBatches(database: DatabaseHandle): WxrBatch {
  const renderer = createCommentRenderer();
  return (work) =>
    database.db.transaction().execute((trx) =>
      work({
        articles: new KyselyArticleRepository(trx, database.dialect),
        oldAddresses: new KyselyOldAddressRepository(trx),
        comments: new CommentImport({ comments: new KyselyCommentRepository(trx, database.dialect), store: new KyselyCommentImportStore(trx), renderer }),
      }),
    );
}

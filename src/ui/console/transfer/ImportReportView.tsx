import { CircleAlert, CirclePlus, RefreshCw, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ImportedFile, ImportReport } from '../../../domain/console/transfer/transfer';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.consoleTransfer.report;

const STATUS_ICON = { created: CirclePlus, updated: RefreshCw, failed: CircleAlert } as const;

function FileRow({ file }: { file: ImportedFile }) {
  const Icon = STATUS_ICON[file.status];
  return (
    <li className="import-file" data-status={file.status}>
      <span className="import-file__status">
        <Icon aria-hidden="true" />
        {text[file.status]}
      </span>
      <span className="import-file__main">
        {file.status !== 'failed' && file.articleId === null ? (
          // A dry run's post: no article yet to open.
          <span className="import-file__title">{file.title}</span>
        ) : file.articleId !== null ? (
          <span className="import-file__title">
            <Link to={`/admin/articles/${file.articleId}`}>{file.title}</Link>
            <a href={`/article?id=${file.articleId}`} target="_blank" rel="noreferrer" className="import-file__view">
              {text.view}
            </a>
          </span>
        ) : (
          <span className="import-file__error">{file.error}</span>
        )}
        <code className="import-file__path">{file.file}</code>
        {file.warnings.length > 0 && (
          <ul className="import-file__warnings" aria-label={text.warnings}>
            {file.warnings.map((warning) => (
              <li key={warning}>
                <TriangleAlert aria-hidden="true" />
                {warning}
              </li>
            ))}
          </ul>
        )}
      </span>
    </li>
  );
}

/** The importer's report, as `npm run import` prints it: what was added, updated and skipped, and why. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const dryRun = report.dryRun && <p className="import-report__dry-run">{text.dryRun}</p>;
  if (report.layout === 'comments' && report.comments) {
    return (
      <div className="import-report" aria-labelledby="import-report-heading">
        <h3 id="import-report-heading" className="import-report__summary">
          {report.summary}
        </h3>
        {dryRun}
        <p className="import-report__layout">{text.commentsFrom(report.comments.system)}</p>
        <ul className="import-report__comments">
          {report.comments.lines.slice(1).map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      </div>
    );
  }
  const folders = report.folders.map((folder) => folder || text.topFolder).join('、');
  return (
    <div className="import-report" aria-labelledby="import-report-heading">
      <h3 id="import-report-heading" className="import-report__summary">
        {report.summary}
      </h3>
      {dryRun}
      <p className="import-report__layout">{text.readFrom(text.layout[report.layout] ?? report.layout, folders)}</p>
      <ul className="import-report__counts">
        {(['created', 'updated', 'failed'] as const).map((status) => (
          <li key={status} data-status={status}>
            <span>{text[status]}</span>
            <strong>{text.count(report[status])}</strong>
          </li>
        ))}
      </ul>
      <ul className="import-report__files">
        {report.files.map((file) => (
          <FileRow key={file.file} file={file} />
        ))}
      </ul>
      {report.comments && (
        <ul className="import-report__comments" aria-label={text.comments}>
          {report.comments.lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
      {report.unknownShortcodes.length > 0 && (
        <div className="import-report__unknown">
          <h4>{text.unknown}</h4>
          <ul>
            {report.unknownShortcodes.map(({ name, count, posts }) => (
              <li key={name}>
                <code>{text.unknownLine(name, count, posts)}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

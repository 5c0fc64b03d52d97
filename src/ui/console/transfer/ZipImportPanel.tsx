import { FileArchive, FileUp, Upload } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { IMPORT_LIMITS, MEGABYTE, uploadPercent } from '../../../domain/console/transfer/transfer';
import type { ZipImportError } from '../../../domain/console/transfer/zipImport.machine';
import * as zhCN from '../../../i18n/zh-CN';
import { ImportReportView } from './ImportReportView';
import { useZipImport } from './useZipImport';

const text = zhCN.consoleTransfer;

function errorText(error: ZipImportError): string {
  if (error.reason === 'refused') return error.message;
  return error.reason === 'notZip'
    ? text.import.notZipName
    : text.server.zipTooLarge(IMPORT_LIMITS.zipBytes / MEGABYTE);
}

/** 导入文章: choose or drop a zip, watch it go up, read the importer's report. */
export function ZipImportPanel() {
  const { snapshot: state, choose: chooseFile, reset, confirm } = useZipImport();
  const [dragging, setDragging] = useState(false);
  // The machine starts with the panel's first effect.
  if (!state) return null;
  const busy = state.hasTag('busy');
  const { fileName, sent, total, report, error } = state.context;

  const choose = (file: File | undefined) => {
    if (file) chooseFile(file);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };
  const percent = uploadPercent(sent, total);

  return (
    <section className="console-card transfer-card" aria-labelledby="transfer-import">
      <h2 id="transfer-import" className="transfer-card__heading">
        <FileUp aria-hidden="true" />
        {text.import.heading}
      </h2>
      <p className="transfer-card__hint">{text.import.hint}</p>
      <p className="transfer-card__hint">{text.import.commentsHint}</p>
      {report && state.matches('reviewing') ? (
        <>
          <ImportReportView report={report} />
          <div className="transfer-card__actions">
            <button type="button" className="button button--primary" onClick={confirm}>
              {text.import.confirm}
            </button>
            <button type="button" className="button" onClick={reset}>
              {text.import.cancel}
            </button>
          </div>
        </>
      ) : report && state.matches('done') ? (
        <>
          <ImportReportView report={report} />
          <div>
            <button type="button" className="button" onClick={reset}>
              {text.import.again}
            </button>
          </div>
        </>
      ) : busy ? (
        <div className="transfer-progress" role="status">
          <p className="transfer-progress__file">
            <FileArchive aria-hidden="true" />
            <span>{fileName}</span>
          </p>
          <div className="console-progress" aria-hidden="true">
            <span style={{ width: `${percent}%` }} />
          </div>
          <p className="transfer-progress__label">
            {percent < 100 ? text.import.uploading(percent) : state.matches('importing') ? text.import.checking : text.import.importing}
          </p>
        </div>
      ) : (
        <>
          <label
            className="transfer-drop"
            data-dragging={dragging}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={drop}
          >
            <input
              type="file"
              accept=".zip,application/zip,.xml,text/xml,application/xml,.json,.jsonl,application/json,.dat"
              className="transfer-drop__input"
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <span className="button button--primary">
              <Upload aria-hidden="true" />
              {text.import.choose}
            </span>
            <span className="transfer-drop__or">{text.import.dropHere}</span>
            <span className="transfer-drop__limits">
              {text.import.limits(
                IMPORT_LIMITS.zipBytes / MEGABYTE,
                IMPORT_LIMITS.unzippedBytes / MEGABYTE,
                IMPORT_LIMITS.files,
              )}
            </span>
          </label>
          {error && (
            <p className="transfer-error" role="alert">
              {errorText(error)}
            </p>
          )}
        </>
      )}
    </section>
  );
}

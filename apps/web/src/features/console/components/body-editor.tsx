import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { contentLimits } from '@qgw/contracts';
import { call, HttpError } from '../../../lib/request.js';
import { RichText } from '../../content/index.js';
import { useDebounced } from '../../../lib/use-debounced.js';
import { adminOps } from '../api/operations.js';
import { consoleStrings as t } from '../strings.js';
import { TextArea } from './console-ui.js';

/** When the server cannot preview, the draft is shown in a frame that may run nothing at all. */
function LocalPreview({ html }: { html: string }) {
  const doc = `<!doctype html><meta charset="utf-8"><style>body{font:15px/1.8 -apple-system,'PingFang SC','Microsoft YaHei',sans-serif;color:#333;margin:12px}img{max-width:100%;height:auto}</style>${html}`;
  return (
    <>
      <p className="qgw-cs-hint">{t.previewLocal}</p>
      <iframe className="qgw-cs-preview-frame" title={t.preview} sandbox="" srcDoc={doc} />
    </>
  );
}

/**
 * The article body: HTML typed on the left (above on a phone), and on the right what visitors will
 * see — the server's sanitised version, rendered the way the article page renders it.
 */
export function BodyEditor({ value, onChange }: { value: string; onChange(v: string): void }) {
  const draft = useDebounced(value, 500);
  const preview = useQuery({
    queryKey: ['console', 'preview', draft],
    queryFn: () => call(adminOps.preview, { body: draft }),
    enabled: draft.trim() !== '' && draft.length <= contentLimits.body.max,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
  const unsupported = preview.error instanceof HttpError && (preview.error.status === 404 || preview.error.status === 405);
  return (
    <div className="qgw-cs-editor">
      <TextArea label={t.fieldBody} value={value} onChange={onChange} rows={14} code hint={t.fieldBodyHint} />
      <section className="qgw-cs-preview" aria-label={t.preview}>
        <h2 className="qgw-cs-label">
          {t.preview}
          {preview.isFetching && <DotLoading color="primary" />}
        </h2>
        {draft.trim() === '' ? (
          <p className="qgw-cs-hint">{t.previewEmpty}</p>
        ) : unsupported ? (
          <LocalPreview html={draft} />
        ) : preview.isError ? (
          <p className="qgw-cs-hint qgw-cs-danger">{t.previewFailed}</p>
        ) : preview.data ? (
          <>
            <p className="qgw-cs-hint">{t.previewHint}</p>
            <div className="qgw-cs-preview-body" data-testid="body-preview">
              <RichText html={preview.data.body} linksDisabled />
            </div>
          </>
        ) : null}
      </section>
    </div>
  );
}

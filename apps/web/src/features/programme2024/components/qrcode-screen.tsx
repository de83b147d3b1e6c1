import { useMemo, useState } from 'react';
import { Button } from 'antd-mobile';
import { routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { showToast } from '../../../lib/toast.js';
import { programmeStrings as t } from '../strings.js';
import { posterPng, qrMatrix, qrPath } from './qr-matrix.js';
import { ErrorBlock } from '../../../components/ui/error-block.js';
import './programme.css';
import './qrcode.css';

/** The programme home's address as a visitor opens it: this app's page, hash route to the home. */
export function programmeUrl(): string {
  const { origin, pathname } = window.location;
  return `${origin}${pathname}#${routes.cxb2024.index}`;
}

function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // the download has its own copy once started
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function QrcodeScreen() {
  const link = programmeUrl();
  const matrix = useMemo(() => {
    try {
      return qrMatrix(link);
    } catch {
      return null;
    }
  }, [link]);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!matrix) return;
    setSaving(true);
    try {
      const png = await posterPng(matrix, t.qrcodeHeading, link);
      if (!png) throw new Error('no canvas');
      saveBlob(png, t.qrcodeFileName);
      showToast(t.qrcodeSaved);
    } catch {
      showToast(t.qrcodeFailed);
    } finally {
      setSaving(false);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      showToast(t.qrcodeCopied);
    } catch {
      showToast(t.qrcodeCopyFailed);
    }
  };

  return (
    <PageLayout title={t.qrcodeTitle}>
      <div className="qgw-p24-qr">
        <div className="qgw-p24-qr-card">
          <span className="qgw-p24-qr-badge">2024</span>
          <h1 className="qgw-p24-qr-heading">{t.qrcodeHeading}</h1>
          {matrix ? (
            <svg
              className="qgw-p24-qr-code"
              role="img"
              aria-label={t.qrcodeAlt}
              viewBox={`-4 -4 ${matrix.size + 8} ${matrix.size + 8}`}
              shapeRendering="crispEdges"
            >
              <rect x={-4} y={-4} width={matrix.size + 8} height={matrix.size + 8} fill="#fff" />
              <path d={qrPath(matrix)} fill="#1f2329" />
            </svg>
          ) : (
            <ErrorBlock status="default" title={t.qrcodeFailed} description="" />
          )}
          <p className="qgw-p24-qr-hint">{t.qrcodeHint}</p>
          <p className="qgw-p24-qr-link" data-testid="qrcode-link">
            {link}
          </p>
        </div>
        <div className="qgw-p24-actions">
          <Button className="qgw-primary-button" color="primary" block disabled={!matrix || saving} onClick={() => void save()}>
            {t.qrcodeSave}
          </Button>
          <Button className="qgw-secondary-button" block shape="rounded" onClick={() => void copy()}>
            {t.qrcodeCopy}
          </Button>
        </div>
      </div>
    </PageLayout>
  );
}

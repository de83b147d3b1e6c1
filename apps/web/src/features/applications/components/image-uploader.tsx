import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { ProgressCircle } from 'antd-mobile';
import { AddOutline, CloseOutline, PictureOutline } from 'antd-mobile-icons';
import { imageShrink, limits } from '@qgw/contracts';
import { showToast, toastError } from '../../../lib/toast.js';
import { shrinkImage } from '../api/compress-image.js';
import { uploadImage, type UploadPurpose } from '../api/operations.js';
import { rememberFileUrl, useFileUrl } from '../hooks/use-file-url.js';
import { imageShrinkStrings as shrinkText } from '../image-shrink/strings.js';
import { applicationStrings as t } from '../strings.js';
import './applications.css';
import { openImage } from './open-image.js';

const imageTypes: readonly string[] = limits.image.mimeTypes;

/** Checked before anything is read: the types the server takes, and the most the browser shrinks. */
export function checkImageFile(file: File): string | null {
  if (!imageTypes.includes(file.type)) return t.imageBadType;
  if (file.size > imageShrink.pickMaxBytes) return shrinkText.tooLarge;
  return null;
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * The file to send: the picked one shrunk (api/compress-image.ts). A picture the browser cannot
 * decode goes as it is when the server could take it (the server's check then decides), and is
 * refused here when it could not.
 */
async function prepareImage(file: File, onProgress: (percent: number) => void, signal: AbortSignal): Promise<File> {
  let out = file;
  try {
    out = await shrinkImage(file, onProgress, signal);
  } catch (err) {
    if (isAbort(err) || signal.aborted) throw new DOMException('aborted', 'AbortError');
  }
  if (out.size > limits.image.maxBytes) throw new Error(shrinkText.stillTooLarge);
  return out;
}

let keys = 0;
const newKey = () => `pending-${++keys}`;

interface Pending {
  key: string;
  file: File;
  preview: string;
  /** shrinking the picture in the browser, then sending it; progress is of the current stage */
  stage: 'compressing' | 'uploading';
  progress: number;
  failed: boolean;
}

export interface ImageUploaderProps {
  /** the field's visible label; also names the file input */
  label: string;
  /** ids of the uploaded files, in order */
  value: readonly string[];
  onChange(ids: string[]): void;
  purpose: UploadPurpose;
  maxCount?: number;
  /** signed URLs of files already known (an application view's fileUrls) */
  urls?: Record<string, string> | undefined;
  required?: boolean;
  error?: string | undefined;
  disabled?: boolean;
  /** tells the form an image is still uploading, so that it can hold its submit button */
  onBusyChange?(busy: boolean): void;
}

function UploadedTile({
  id,
  index,
  hint,
  onOpen,
  onRemove,
  disabled,
}: {
  id: string;
  index: number;
  hint: string | undefined;
  onOpen(url: string): void;
  onRemove(): void;
  disabled: boolean | undefined;
}) {
  const { url, failed } = useFileUrl(id, hint);
  return (
    <div className="qgw-img-tile">
      {url ? (
        <button type="button" className="qgw-img-open" aria-label={t.imagePreview(index + 1)} onClick={() => onOpen(url)}>
          <img src={url} alt="" />
        </button>
      ) : (
        <div className="qgw-img-placeholder" role="img" aria-label={failed ? t.imageLoadFailed : t.imageUploading}>
          <PictureOutline />
        </div>
      )}
      {!disabled && (
        <button type="button" className="qgw-img-remove" aria-label={t.imageRemove(index + 1)} onClick={onRemove}>
          <CloseOutline />
        </button>
      )}
    </div>
  );
}

/**
 * Image upload (multipart, one request per image): the limits are shown before a file is picked,
 * each image is shrunk in the browser and uploads as soon as it is chosen, with its progress
 * through both stages, and the form keeps only the ids.
 */
export function ImageUploader({
  label,
  value,
  onChange,
  purpose,
  maxCount = 1,
  urls,
  required,
  error,
  disabled,
  onBusyChange,
}: ImageUploaderProps) {
  const inputId = useId();
  const [pending, setPending] = useState<Pending[]>([]);
  // a failed image waits for the user (retry or remove); only one on its way holds the form
  const busy = pending.some((p) => !p.failed);
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  // the upload finishes after later renders: it adds its id to the list as it is then
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const controllers = useRef(new Map<string, AbortController>());

  // uploads still running when the page closes are abandoned; the server keeps no file without its row
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  const start = (item: Pending) => {
    const controller = new AbortController();
    controllers.current.set(item.key, controller);
    const update = (patch: Partial<Pending>) => setPending((list) => list.map((x) => (x.key === item.key ? { ...x, ...patch } : x)));
    prepareImage(item.file, (p) => update({ stage: 'compressing', progress: Math.round(p) }), controller.signal)
      .then((file) => {
        update({ stage: 'uploading', progress: 0 });
        return uploadImage(file, purpose, (p) => update({ progress: p }), controller.signal);
      })
      .then((uploaded) => {
        rememberFileUrl(uploaded.id, item.preview);
        setPending((list) => list.filter((x) => x.key !== item.key));
        const next = [...latest.current, uploaded.id];
        latest.current = next;
        onChange(next);
      })
      .catch((err: unknown) => {
        if (isAbort(err)) return;
        setPending((list) => list.map((x) => (x.key === item.key ? { ...x, failed: true } : x)));
        toastError(err);
      })
      .finally(() => controllers.current.delete(item.key));
  };

  const room = maxCount - value.length - pending.length;

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (files.length === 0) return;
    if (files.length > room) showToast(t.imageTooMany(maxCount));
    const accepted: Pending[] = [];
    for (const file of files.slice(0, Math.max(0, room))) {
      const problem = checkImageFile(file);
      if (problem) {
        showToast(problem);
        continue;
      }
      accepted.push({
        key: newKey(),
        file,
        preview: URL.createObjectURL(file),
        stage: 'compressing',
        progress: 0,
        failed: false,
      });
    }
    if (accepted.length === 0) return;
    setPending((list) => [...list, ...accepted]);
    accepted.forEach(start);
  };

  const retry = (item: Pending) => {
    const again = { ...item, failed: false, stage: 'compressing' as const, progress: 0 };
    setPending((list) => list.map((x) => (x.key === item.key ? again : x)));
    start(again);
  };

  const drop = (item: Pending) => {
    controllers.current.get(item.key)?.abort();
    setPending((list) => list.filter((x) => x.key !== item.key));
  };

  const open = (url: string) => {
    openImage(url);
  };

  return (
    <div className={error ? 'qgw-app-field qgw-app-field-invalid' : 'qgw-app-field'}>
      <label className={required ? 'qgw-app-field-label qgw-app-required' : 'qgw-app-field-label'} htmlFor={inputId}>
        {label}
        {maxCount > 1 && <span className="qgw-app-field-count">{t.imageCount(value.length, maxCount)}</span>}
      </label>
      <p className="qgw-app-field-hint qgw-app-upload-hint" id={`${inputId}-hint`}>
        {t.imageHint}
        {maxCount > 1 ? `，最多${maxCount}张` : ''}
      </p>
      <div className="qgw-img-grid">
        {value.map((id, i) => (
          <UploadedTile
            key={id}
            id={id}
            index={i}
            hint={urls?.[id]}
            onOpen={open}
            disabled={disabled}
            onRemove={() => onChange(value.filter((x) => x !== id))}
          />
        ))}
        {pending.map((item) => (
          <div key={item.key} className="qgw-img-tile qgw-img-pending">
            <img src={item.preview} alt="" />
            <div className="qgw-img-mask">
              {item.failed ? (
                <>
                  <span>{t.imageFailed}</span>
                  <button type="button" className="qgw-img-retry" onClick={() => retry(item)}>
                    {t.imageRetry}
                  </button>
                </>
              ) : (
                <>
                  <div
                    role="progressbar"
                    aria-valuenow={item.progress}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-label={item.stage === 'compressing' ? shrinkText.compressing : t.imageUploading}
                  >
                    <ProgressCircle percent={item.progress} style={{ '--size': '36px', '--track-width': '3px' }}>
                      <span className="qgw-img-percent">{item.progress}</span>
                    </ProgressCircle>
                  </div>
                  <span>{item.stage === 'compressing' ? shrinkText.compressing : t.imageUploading}</span>
                </>
              )}
            </div>
            <button type="button" className="qgw-img-remove" aria-label={t.imageRemove(value.length + 1)} onClick={() => drop(item)}>
              <CloseOutline />
            </button>
          </div>
        ))}
        {room > 0 && !disabled && (
          <label htmlFor={inputId} className="qgw-img-tile qgw-img-add">
            <AddOutline />
            <span>{t.imageAdd}</span>
          </label>
        )}
      </div>
      <input
        id={inputId}
        className="qgw-visually-hidden"
        type="file"
        accept={limits.image.mimeTypes.join(',')}
        multiple={maxCount > 1}
        disabled={disabled || room <= 0}
        onChange={pick}
        aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
        aria-invalid={error ? true : undefined}
      />
      {error && (
        <div className="qgw-app-field-error" id={`${inputId}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}

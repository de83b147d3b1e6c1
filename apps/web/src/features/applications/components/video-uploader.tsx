import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Button, ProgressBar } from 'antd-mobile';
import { CheckCircleFill, VideoOutline } from 'antd-mobile-icons';
import { limits } from '@qgw/contracts';
import { toastError, showToast } from '../../../lib/toast.js';
import {
  checkVideoFile,
  hasUnfinishedVideoUploads,
  startVideoUpload,
  type VideoUploadHandle,
} from '../api/video-upload.js';
import { applicationStrings as t } from '../strings.js';
import './applications.css';

export interface VideoUploaderProps {
  label: string;
  /** the uploaded video's file id */
  value: string | undefined;
  onChange(id: string | undefined): void;
  /** signed URLs of files already known (an application view's fileUrls) */
  urls?: Record<string, string> | undefined;
  required?: boolean;
  error?: string | undefined;
  disabled?: boolean;
  /** tells the form an upload is running, so that it can hold its "next" button */
  onBusyChange?(busy: boolean): void;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string; sent: number; total: number; retrying: boolean; resumed: boolean }
  | { kind: 'failed'; name: string; sent: number; total: number; message: string; retryable: boolean };

const percentOf = (sent: number, total: number) => (total > 0 ? Math.floor((sent / total) * 100) : 0);

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)}MB` : `${Math.max(1, Math.round(bytes / 1024))}KB`;

/**
 * Video upload with a progress bar that survives a dropped connection (tus retries and resumes by
 * itself; after the last retry a 继续上传 button resumes by hand) and a page reload (picking the same
 * file again continues where the server got to).
 */
export function VideoUploader({ label, value, onChange, urls, required, error, disabled, onBusyChange }: VideoUploaderProps) {
  const inputId = useId();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [uploadedName, setUploadedName] = useState<string | null>(null);
  const [unfinished] = useState(hasUnfinishedVideoUploads);
  const handle = useRef<VideoUploadHandle | null>(null);
  const busy = phase.kind === 'uploading';

  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  // leaving the page pauses the upload; the server keeps the part it has for a later resume
  useEffect(() => () => handle.current?.pause(), []);

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = checkVideoFile(file);
    if (problem) {
      showToast(problem === 'type' ? t.videoBadType : t.videoTooLarge);
      return;
    }
    handle.current?.pause();
    setPhase({ kind: 'uploading', name: file.name, sent: 0, total: file.size, retrying: false, resumed: false });
    handle.current = startVideoUpload(file, {
      // a retry starts by re-reporting what the server already has; only new bytes mean it is moving again
      onProgress: (sent, total) =>
        setPhase((p) => (p.kind === 'uploading' ? { ...p, sent, total, retrying: p.retrying && sent <= p.sent } : p)),
      onRetry: () => setPhase((p) => (p.kind === 'uploading' ? { ...p, retrying: true } : p)),
      onResume: () => setPhase((p) => (p.kind === 'uploading' ? { ...p, resumed: true } : p)),
      onSuccess: (id) => {
        setUploadedName(`${file.name}（${formatSize(file.size)}）`);
        setPhase({ kind: 'idle' });
        handle.current = null;
        onChange(id);
      },
      onError: (err) => {
        setPhase((p) =>
          p.kind === 'uploading'
            ? {
                kind: 'failed',
                name: p.name,
                sent: p.sent,
                total: p.total,
                message: err.message,
                retryable: !err.permanent,
              }
            : p,
        );
        toastError(err);
      },
    });
  };

  const resume = () => {
    if (phase.kind !== 'failed' || !handle.current) return;
    setPhase({ kind: 'uploading', name: phase.name, sent: phase.sent, total: phase.total, retrying: false, resumed: true });
    handle.current.resume();
  };

  const cancel = () => {
    handle.current?.cancel();
    handle.current = null;
    setPhase({ kind: 'idle' });
  };

  const remove = () => {
    setUploadedName(null);
    onChange(undefined);
  };

  // only a signed URL plays: the page's security policy keeps media to the site itself (no blob: copies)
  const playable = value && !uploadedName ? urls?.[value] : undefined;

  return (
    <div className={error ? 'qgw-app-field qgw-app-field-invalid' : 'qgw-app-field'}>
      <label className={required ? 'qgw-app-field-label qgw-app-required' : 'qgw-app-field-label'} htmlFor={inputId}>
        {label}
      </label>
      <p className="qgw-app-field-hint qgw-app-upload-hint" id={`${inputId}-hint`}>
        {t.videoHint}
      </p>
      {unfinished && phase.kind === 'idle' && !value && <p className="qgw-video-resume-hint">{t.videoResumable}</p>}

      {phase.kind !== 'idle' && (
        <div className="qgw-video-progress" role="group" aria-label={t.videoUploading}>
          <div className="qgw-video-file">
            <VideoOutline aria-hidden="true" />
            <span className="qgw-video-name">{phase.name}</span>
            <span className="qgw-video-size">{formatSize(phase.total)}</span>
          </div>
          <div
            role="progressbar"
            aria-label={label}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percentOf(phase.sent, phase.total)}
          >
            <ProgressBar
              percent={percentOf(phase.sent, phase.total)}
              style={{ '--track-width': '8px', '--fill-color': phase.kind === 'failed' ? '#f0a020' : 'var(--qgw-brand)' }}
            />
          </div>
          <div className="qgw-video-status" role="status" aria-live="polite">
            {phase.kind === 'uploading'
              ? phase.retrying
                ? t.videoPaused
                : phase.resumed && phase.sent === 0
                  ? t.videoUploading
                  : t.videoProgress(percentOf(phase.sent, phase.total))
              : phase.message}
          </div>
          <div className="qgw-video-actions">
            {phase.kind === 'failed' && phase.retryable && (
              <Button size="small" color="primary" fill="outline" onClick={resume}>
                {t.videoRetry}
              </Button>
            )}
            <Button size="small" fill="none" onClick={cancel}>
              {t.videoCancel}
            </Button>
          </div>
        </div>
      )}

      {phase.kind === 'idle' && value && (
        <div className="qgw-video-done">
          {playable ? (
            <video className="qgw-video-player" src={playable} controls playsInline preload="metadata" />
          ) : (
            <div className="qgw-video-uploaded">
              <VideoOutline aria-hidden="true" />
              <span>{uploadedName ?? t.videoUploaded}</span>
            </div>
          )}
          <div className="qgw-video-done-row">
            <span className="qgw-video-ok">
              <CheckCircleFill aria-hidden="true" /> {t.videoDone}
            </span>
            {!disabled && (
              <span className="qgw-video-done-actions">
                <label htmlFor={inputId} className="qgw-link-button">
                  {t.videoReplace}
                </label>
                <button type="button" className="qgw-link-button" onClick={remove}>
                  {t.videoRemove}
                </button>
              </span>
            )}
          </div>
        </div>
      )}

      {phase.kind === 'idle' && !value && !disabled && (
        <label htmlFor={inputId} className="qgw-video-pick">
          <VideoOutline aria-hidden="true" />
          <span>{t.videoPick}</span>
        </label>
      )}

      <input
        id={inputId}
        className="qgw-visually-hidden"
        type="file"
        accept={[...limits.video.mimeTypes, '.mp4', '.mov', '.webm'].join(',')}
        disabled={disabled || busy}
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

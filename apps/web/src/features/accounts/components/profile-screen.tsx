import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from 'antd-mobile';
import { CameraOutline } from 'antd-mobile-icons';
import { limits } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { FieldGroup, TextField } from '../../../components/ui/form-field.js';
import { assetUrl } from '../../../lib/request.js';
import { showToast } from '../../../lib/toast.js';
import { readUserInfo } from '../../../lib/storage.js';
import { useSession } from '../../../stores/session.js';
import { codePointsInputMax } from '../../../lib/schema-limits.js';
import { useUpdateProfile, useUserInfo } from '../hooks/use-profile.js';
import { accountStrings as t } from '../strings.js';
import { Avatar } from './avatar.js';
import './accounts.css';

const acceptedTypes: readonly string[] = limits.avatar.mimeTypes;

/** Checked before upload so that a wrong file never leaves the phone; the server checks again. */
export function checkAvatarFile(file: File): string | null {
  if (!acceptedTypes.includes(file.type)) return t.avatarBadType;
  if (file.size > limits.avatar.maxBytes) return t.avatarTooLarge;
  return null;
}

function ProfileForm() {
  const profile = useUserInfo({ quiet: true });
  const sessionNickname = useSession((s) => s.nickname);
  const storedAvatar = readUserInfo()?.avatar ?? null;
  const [nickname, setNickname] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const save = useUpdateProfile();
  const fileId = useId();

  const previewRef = useRef<string | null>(null);

  // the picked picture's preview URL lives until another is picked or the page closes
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  const showPreview = (chosen: File) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = URL.createObjectURL(chosen);
    setPreview(previewRef.current);
  };

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    if (!chosen) return;
    const problem = checkAvatarFile(chosen);
    if (problem) {
      showToast(problem);
      e.target.value = '';
      return;
    }
    setFile(chosen);
    showPreview(chosen);
  };

  const shownNickname = nickname ?? profile.data?.nickname ?? sessionNickname;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!save.isPending) save.mutate({ nickname: shownNickname, file });
  };

  return (
    <form className="qgw-settings-form" onSubmit={submit} noValidate>
      <div className="qgw-avatar-picker">
        <label htmlFor={fileId} className="qgw-avatar-pick">
          <Avatar src={preview ?? assetUrl(profile.data?.avatar ?? storedAvatar)} size="large" />
          <span className="qgw-avatar-camera" aria-hidden="true">
            <CameraOutline />
          </span>
          <span className="qgw-avatar-pick-text">{t.avatarUpload}</span>
        </label>
        <input
          id={fileId}
          className="qgw-visually-hidden"
          type="file"
          accept={limits.avatar.mimeTypes.join(',')}
          onChange={pick}
        />
        <p className="qgw-field-hint">{t.avatarHint}</p>
      </div>
      <FieldGroup>
        <TextField
          label={t.nickname}
          value={shownNickname}
          onChange={setNickname}
          placeholder={t.nicknamePlaceholder}
          maxLength={codePointsInputMax(limits.nickname.max)}
          autoComplete="nickname"
        />
      </FieldGroup>
      <Button className="qgw-primary-button qgw-settings-submit" type="submit" color="primary" block disabled={save.isPending}>
        {t.save}
      </Button>
    </form>
  );
}

export function ProfileScreen() {
  return (
    <PageLayout title={t.profileTitle}>
      <AuthGate>
        <ProfileForm />
      </AuthGate>
    </PageLayout>
  );
}

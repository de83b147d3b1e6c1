import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircleFill } from 'antd-mobile-icons';
import { genderLabels, maskIdNumber, type RankUserForm, type RoutePath } from '@qgw/contracts';
import { FormSection, InfoList, InfoRow, personalInfoKeys, personalInfoLabels, useFileUrl } from '../../applications/index.js';
import { rankUserStrings as t } from '../strings.js';

/** An ID number as a list shows it: masked, unless the server already masked it. */
export const shownIdNumber = (id: string | undefined, mask: boolean): string | undefined =>
  id && mask && !id.includes('*') ? maskIdNumber(id) : id;

function Photo({ id, url }: { id: string | undefined; url: string | undefined }) {
  const { url: src } = useFileUrl(id, url);
  // a row of a description list only within one (its <dt>/<dd> need the <dl>)
  if (!id) return (
    <InfoList>
      <InfoRow label={t.photo} value="" />
    </InfoList>
  );
  return (
    <div className="qgw-ru-photo-row">
      <span className="qgw-app-row-label">{t.photo}</span>
      {src ? <img className="qgw-ru-photo" src={src} alt={t.photoAlt} /> : <span className="qgw-ru-photo qgw-ru-photo-empty" />}
    </div>
  );
}

/** Plays from the signed URL of an application view; a video just uploaded is shown as uploaded. */
function Video({ id, url: src }: { id: string | undefined; url: string | undefined }) {
  if (!id) return (
    <InfoList>
      <InfoRow label={t.video} value="" />
    </InfoList>
  );
  return (
    <div className="qgw-ru-video-row">
      <span className="qgw-app-row-label">{t.video}</span>
      {src ? (
        <video className="qgw-video-player" src={src} controls playsInline preload="metadata" aria-label={t.video} />
      ) : (
        <span className="qgw-video-uploaded">
          <CheckCircleFill className="qgw-video-ok" aria-hidden="true" />
          {t.videoUploaded}
        </span>
      )}
    </div>
  );
}

const editLink = (to: RoutePath | undefined) =>
  to ? (
    <Link className="qgw-ru-edit-link" to={to}>
      {t.edit}
    </Link>
  ) : undefined;

/**
 * Everything in a rank-user application, read-only (the preview before submitting and the detail
 * view). `editAt` adds a 修改 link to each section's step; `withVideo` false leaves the video to its
 * own page.
 */
export function RankUserDetails({
  data,
  fileUrls,
  maskId,
  editAt,
  withVideo = true,
  extra,
}: {
  data: Partial<RankUserForm>;
  fileUrls?: Record<string, string> | undefined;
  maskId: boolean;
  editAt?: { personal: RoutePath; materials: RoutePath; story: RoutePath };
  withVideo?: boolean;
  extra?: ReactNode;
}) {
  const value = (k: (typeof personalInfoKeys)[number]): string | undefined => {
    if (k === 'gender') return data.gender ? genderLabels[data.gender] : undefined;
    if (k === 'idNumber') return shownIdNumber(data.idNumber, maskId);
    return data[k];
  };
  return (
    <>
      <FormSection title={t.sectionPersonal} extra={editLink(editAt?.personal)}>
        <InfoList>
          {personalInfoKeys.map((k) => (
            <InfoRow key={k} label={personalInfoLabels[k]} value={value(k)} />
          ))}
        </InfoList>
      </FormSection>
      <FormSection title={t.sectionMaterials} extra={editLink(editAt?.materials)}>
        <Photo id={data.photo} url={data.photo ? fileUrls?.[data.photo] : undefined} />
        {withVideo && <Video id={data.video} url={data.video ? fileUrls?.[data.video] : undefined} />}
        {extra}
      </FormSection>
      <FormSection title={t.sectionStory} extra={editLink(editAt?.story)}>
        <InfoList>
          <InfoRow label={t.intro} value={data.intro} multiline />
          <InfoRow label={t.achievements} value={data.achievements} multiline />
        </InfoList>
      </FormSection>
    </>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { genderLabels, maskIdNumber, type CompanyForm, type PersonForm, type RoutePath, type WorkForm } from '@qgw/contracts';
import { basicKeys, FormFooter, FormSection, InfoList, InfoRow, personalInfoLabels, workInfoKeys } from '../../applications/index.js';
import { previewStrings as p } from '../preview-strings.js';
import { programmeStrings as t } from '../strings.js';
import { EntryPhoto, EntryPhotos, EntryVideo } from './entry-files.js';
import './programme.css';
import './results.css';

/**
 * Everything an entry holds, read-only: the same rows before submitting (the preview) and after
 * (the result page), so that what was sent is what the person sees.
 */

/** where 修改 leads: a step's route, with the entry's id where the form needs it */
type EditAt = RoutePath | `${RoutePath}?${string}`;

const editLink = (to: EditAt | undefined) =>
  to ? (
    <Link className="qgw-p24-edit-link" to={to}>
      {p.edit}
    </Link>
  ) : undefined;

/** An ID number as a page shows it: masked after submitting, unless the server already masked it. */
const shownId = (id: string | undefined, mask: boolean) => (id && mask && !id.includes('*') ? maskIdNumber(id) : id);

type PersonKey = (typeof basicKeys)[number] | (typeof workInfoKeys)[number];

export function PersonDetails({
  data,
  fileUrls = {},
  maskId,
  editAt,
}: {
  data: Partial<PersonForm>;
  fileUrls?: Record<string, string>;
  maskId: boolean;
  /** a 修改 link on each section, to the step that asks it */
  editAt?: readonly [RoutePath, RoutePath, RoutePath];
}) {
  const value = (k: PersonKey): ReactNode => {
    if (k === 'gender') return data.gender ? genderLabels[data.gender] : '';
    if (k === 'idNumber') return shownId(data.idNumber, maskId);
    return data[k];
  };
  const rows = (keys: readonly PersonKey[]) => keys.map((k) => <InfoRow key={k} label={personalInfoLabels[k]} value={value(k)} />);
  return (
    <div className="qgw-p24-details">
      <FormSection title={p.basicSection} extra={editLink(editAt?.[0])}>
        <InfoList>{rows(basicKeys)}</InfoList>
      </FormSection>
      <FormSection title={p.workSection} extra={editLink(editAt?.[1])}>
        <InfoList>{rows(workInfoKeys)}</InfoList>
      </FormSection>
      <FormSection title={p.materialsSection} extra={editLink(editAt?.[2])}>
        <InfoList>
          <InfoRow label={t.photo} value={data.photo ? <EntryPhoto id={data.photo} urls={fileUrls} alt={t.photo} /> : ''} />
          <InfoRow label={t.resume} value={data.resume} multiline />
          <InfoRow label={t.achievements} value={data.achievements} multiline />
        </InfoList>
      </FormSection>
    </div>
  );
}

export function CompanyDetails({
  data,
  fileUrls = {},
  editAt,
}: {
  data: Partial<Record<keyof CompanyForm, string>>;
  fileUrls?: Record<string, string>;
  editAt?: RoutePath;
}) {
  return (
    <div className="qgw-p24-details">
      <FormSection title={p.companySection} extra={editLink(editAt)}>
        <InfoList>
          <InfoRow label={t.companyName} value={data.companyName} />
          <InfoRow label={t.uscc} value={data.uscc} />
          <InfoRow label={t.legalRepresentative} value={data.legalRepresentative} />
          <InfoRow label={t.industry} value={data.industry} />
          <InfoRow label={t.address} value={data.address} multiline />
        </InfoList>
      </FormSection>
      <FormSection title={p.contactSection}>
        <InfoList>
          <InfoRow label={t.contactName} value={data.contactName} />
          <InfoRow label={t.contactMobile} value={data.contactMobile} />
        </InfoList>
      </FormSection>
      <FormSection title={p.companyMaterials}>
        <InfoList>
          <InfoRow label={t.companyDescription} value={data.description} multiline />
          <InfoRow label={t.license} value={data.license ? <EntryPhoto id={data.license} urls={fileUrls} alt={t.license} /> : ''} />
        </InfoList>
      </FormSection>
    </div>
  );
}

export function WorkDetails({
  data,
  themeName,
  fileUrls = {},
  editAt,
}: {
  data: Partial<Pick<WorkForm, 'title' | 'description' | 'team' | 'photos' | 'video'>>;
  /** the theme's name (the entry holds its id) */
  themeName: string;
  fileUrls?: Record<string, string>;
  editAt?: EditAt;
}) {
  const team = data.team ?? [];
  const photos = data.photos ?? [];
  return (
    <div className="qgw-p24-details">
      <FormSection title={t.workSection} extra={editLink(editAt)}>
        <InfoList>
          <InfoRow label={t.theme} value={themeName} />
          <InfoRow label={t.workTitle} value={data.title} />
          <InfoRow label={t.workDescription} value={data.description} multiline />
        </InfoList>
      </FormSection>
      <FormSection title={t.team}>
        <InfoList>
          <InfoRow label={t.team} value={team.map((m) => `${m.name}（${m.role}）`).join('、')} multiline />
        </InfoList>
      </FormSection>
      <FormSection title={p.workMaterials}>
        <InfoList>
          <InfoRow label={t.photos} value={photos.length > 0 ? <EntryPhotos ids={photos} urls={fileUrls} alt={(n) => `${t.photos}${n}`} /> : ''} />
          {data.video && <InfoRow label={t.video} value={<EntryVideo id={data.video} urls={fileUrls} label={t.video} />} />}
        </InfoList>
      </FormSection>
    </div>
  );
}

/** The preview step every programme entry shares: what will be sent, then 提交 (or back to change it). */
export function EntryPreview({
  children,
  submitText,
  onSubmit,
  submitting,
  onBack,
}: {
  children: ReactNode;
  submitText: string;
  onSubmit(): void;
  submitting: boolean;
  onBack(): void;
}) {
  return (
    <>
      <p className="qgw-p24-preview-hint" role="note">
        {p.previewHint}
      </p>
      {children}
      <FormFooter primary={submitText} onPrimary={onSubmit} loading={submitting} secondary={p.backToEdit} onSecondary={onBack} />
    </>
  );
}

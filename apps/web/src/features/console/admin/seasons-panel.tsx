import { useState, type FormEvent } from 'react';
import { Button, Dialog } from 'antd-mobile';
import { type ConsoleSeason, phaseLabels, seasonLimits } from '@qgw/contracts';
import { formatDate } from '../../../lib/format.js';
import { queryClient } from '../../../lib/query-client.js';
import { call } from '../../../lib/request.js';
import { showToast } from '../../../lib/toast.js';
import { SelectField, TextArea, TextInput } from '../components/console-ui.js';
import { useConsoleMutation } from '../hooks/use-console-mutation.js';
import { accessAdminOps } from './api/operations.js';
import { adminStrings as t } from './strings.js';

/** Applicants' reads follow the current season: after a switch they are asked again. */
const applicantReadsChanged = () => queryClient.invalidateQueries({ queryKey: ['programme'] });

/** 设为当前届 with its confirmation; a reason is asked while the current season is in review. */
function MakeCurrent({ season, current }: { season: ConsoleSeason; current: ConsoleSeason | undefined }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const inReview = current?.phase === 'reviewing';
  const switchTo = useConsoleMutation(() => call(accessAdminOps.seasonMakeCurrent, { id: season.id, ...(reason.trim() ? { reason: reason.trim() } : {}) }), {
    success: t.seasonSwitched(season.year),
    onSuccess: () => {
      setOpen(false);
      void applicantReadsChanged();
    },
  });
  const confirm = () => {
    if (inReview && !reason.trim()) {
      setMissing(true);
      return;
    }
    switchTo.mutate(undefined);
  };
  return (
    <>
      <Button size="small" aria-label={t.seasonMakeCurrentName(season.year)} onClick={() => setOpen(true)}>
        {t.seasonMakeCurrent}
      </Button>
      <Dialog
        visible={open}
        title={t.seasonConfirmTitle(season.year)}
        onClose={() => setOpen(false)}
        closeOnMaskClick
        content={
          <div className="qgw-cad-season-confirm">
            <p>{t.seasonConfirmText}</p>
            {inReview && current && (
              <>
                <p className="qgw-cs-hint">{t.seasonInReview(current.year)}</p>
                <TextArea
                  label={t.seasonReason}
                  value={reason}
                  onChange={(v) => {
                    setReason(v);
                    setMissing(false);
                  }}
                  rows={3}
                  maxLength={seasonLimits.reason.max}
                  hint={missing ? <span role="alert">{t.seasonReasonRequired}</span> : undefined}
                />
              </>
            )}
          </div>
        }
        actions={[
          [
            { key: 'cancel', text: t.cancel, onClick: () => setOpen(false) },
            { key: 'confirm', text: t.seasonConfirm, bold: true, disabled: switchTo.isPending, onClick: confirm },
          ],
        ]}
      />
    </>
  );
}

function SeasonRow({ season, current }: { season: ConsoleSeason; current: ConsoleSeason | undefined }) {
  return (
    <li className="qgw-cs-row">
      <div className="qgw-cs-row-main">
        <span className="qgw-cs-row-title">
          {`${season.year} 届 · ${season.name}`}
          {season.current && <span className="qgw-cad-season-badge">{t.seasonCurrent}</span>}
        </span>
        <span className="qgw-cs-row-meta qgw-cad-season-meta">
          <span>{t.seasonMeta(phaseLabels[season.phase], season.applicationCount, season.themeCount)}</span>
          <span>{t.seasonDates(formatDate(season.opensAt), formatDate(season.closesAt))}</span>
        </span>
      </div>
      <div className="qgw-cs-row-actions">{!season.current && <MakeCurrent season={season} current={current} />}</div>
    </li>
  );
}

/** 评选设置's seasons: every year, the current one marked; create the next from one; switch the current one. */
export function SeasonsPanel({ seasons }: { seasons: ConsoleSeason[] }) {
  const newest = seasons[0];
  const [year, setYear] = useState(String((newest?.year ?? new Date().getFullYear()) + 1));
  const [copyFrom, setCopyFrom] = useState(newest?.id ?? '');
  const current = seasons.find((s) => s.current);
  const create = useConsoleMutation(() => call(accessAdminOps.seasonCreate, { year: Number(year), copyFrom }), {
    onSuccess: (created) => {
      showToast(t.seasonCreated(created.year));
      setYear(String(created.year + 1));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(undefined);
  };
  return (
    <section className="qgw-cs-card qgw-cad-section" aria-label={t.seasonsTitle}>
      <h2 className="qgw-cs-page-title">{t.seasonsTitle}</h2>
      <p className="qgw-cs-intro">{t.seasonsIntro}</p>
      <ul className="qgw-cs-rows" aria-label={t.seasonsTitle}>
        {seasons.map((s) => (
          <SeasonRow key={s.id} season={s} current={current} />
        ))}
      </ul>
      <form className="qgw-cs-form qgw-cs-inline qgw-cs-add" onSubmit={submit} noValidate>
        <TextInput label={t.seasonYear} type="number" value={year} onChange={setYear} />
        <SelectField
          label={t.seasonCopyFrom}
          value={copyFrom}
          options={seasons.map((s) => ({ value: s.id, label: t.seasonCopyOption(s.year, s.name) }))}
          onChange={setCopyFrom}
        />
        <Button type="submit" color="primary" loading={create.isPending}>
          {t.seasonCreate}
        </Button>
      </form>
    </section>
  );
}

import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request.js';
import { ConsoleAccessGate } from '../access/console-access-gate.js';
import { ConsoleError, ConsoleLoading, ConsolePage } from '../components/console-ui.js';
import { SeasonSelect } from '../components/season-select.js';
import { accessAdminOps, adminKeys } from './api/operations.js';
import { ProgrammeForm } from './programme-form.js';
import { RubricEditor } from './rubric-editor.js';
import { SeasonsPanel } from './seasons-panel.js';
import { ThemesEditor } from './themes-editor.js';
import { adminStrings as t } from './strings.js';
import '../access/console-access.css';
import './console-admin.css';

function Programme() {
  // the season being edited, in the address (?season=): '' the current one, else one being prepared (or an earlier one)
  const [params, setParams] = useSearchParams();
  const season = params.get('season') ?? '';
  const programmeId = season || undefined;
  const programme = useQuery({ queryKey: adminKeys.programme(season), queryFn: () => call(accessAdminOps.programme, { programmeId }), retry: false });
  const themes = useQuery({ queryKey: adminKeys.themes(season), queryFn: () => call(accessAdminOps.themes, { programmeId }), retry: false });
  const rubrics = useQuery({ queryKey: adminKeys.rubrics(season), queryFn: () => call(accessAdminOps.rubrics, { programmeId }), retry: false });
  const seasons = useQuery({ queryKey: adminKeys.seasons, queryFn: () => call(accessAdminOps.seasons, {}), retry: false });
  return (
    <ConsolePage title={t.programmeTitle}>
      {seasons.isPending ? (
        <ConsoleLoading rows={2} />
      ) : seasons.isError ? (
        <ConsoleError error={seasons.error} onRetry={() => void seasons.refetch()} />
      ) : (
        <SeasonsPanel seasons={seasons.data.items} />
      )}
      <div className="qgw-cs-filters">
        <SeasonSelect label={t.editingSeason} value={season} onChange={(next) => setParams(next ? { season: next } : {}, { replace: true })} />
      </div>
      {programme.isPending ? (
        <ConsoleLoading />
      ) : programme.isError ? (
        <ConsoleError error={programme.error} onRetry={() => void programme.refetch()} />
      ) : (
        <ProgrammeForm key={`${season}-${programme.data.updatedAt}`} programme={programme.data} season={season} />
      )}
      {themes.isPending ? (
        <ConsoleLoading />
      ) : themes.isError ? (
        <ConsoleError error={themes.error} onRetry={() => void themes.refetch()} />
      ) : (
        <ThemesEditor themes={themes.data.items} programmeId={programmeId} />
      )}
      {rubrics.isPending ? (
        <ConsoleLoading />
      ) : rubrics.isError ? (
        <ConsoleError error={rubrics.error} onRetry={() => void rubrics.refetch()} />
      ) : (
        <RubricEditor key={season} rubrics={rubrics.data} season={season} />
      )}
    </ConsolePage>
  );
}

/** /console/admin/programme (评选设置): seasons; a season's (the current one by default) phases and dates, themes, rubric criteria. */
export function ProgrammeScreen() {
  return (
    <ConsoleAccessGate roles={['admin']}>
      <Programme />
    </ConsoleAccessGate>
  );
}

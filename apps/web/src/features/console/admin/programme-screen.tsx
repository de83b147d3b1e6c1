import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request.js';
import { ConsoleAccessGate } from '../access/console-access-gate.js';
import { ConsoleError, ConsoleLoading, ConsolePage } from '../components/console-ui.js';
import { accessAdminOps, adminKeys } from './api/operations.js';
import { ProgrammeForm } from './programme-form.js';
import { RubricEditor } from './rubric-editor.js';
import { ThemesEditor } from './themes-editor.js';
import { adminStrings as t } from './strings.js';
import '../access/console-access.css';
import './console-admin.css';

function Programme() {
  const programme = useQuery({ queryKey: adminKeys.programme, queryFn: () => call(accessAdminOps.programme, {}), retry: false });
  const themes = useQuery({ queryKey: adminKeys.themes, queryFn: () => call(accessAdminOps.themes, {}), retry: false });
  const rubrics = useQuery({ queryKey: adminKeys.rubrics, queryFn: () => call(accessAdminOps.rubrics, {}), retry: false });
  return (
    <ConsolePage title={t.programmeTitle}>
      {programme.isPending ? (
        <ConsoleLoading />
      ) : programme.isError ? (
        <ConsoleError error={programme.error} onRetry={() => void programme.refetch()} />
      ) : (
        <ProgrammeForm key={programme.data.updatedAt} programme={programme.data} />
      )}
      {themes.isPending ? (
        <ConsoleLoading />
      ) : themes.isError ? (
        <ConsoleError error={themes.error} onRetry={() => void themes.refetch()} />
      ) : (
        <ThemesEditor themes={themes.data.items} />
      )}
      {rubrics.isPending ? (
        <ConsoleLoading />
      ) : rubrics.isError ? (
        <ConsoleError error={rubrics.error} onRetry={() => void rubrics.refetch()} />
      ) : (
        <RubricEditor rubrics={rubrics.data} />
      )}
    </ConsolePage>
  );
}

/** /console/admin/programme: phases and dates, themes, rubric criteria. */
export function ProgrammeScreen() {
  return (
    <ConsoleAccessGate roles={['admin']}>
      <Programme />
    </ConsoleAccessGate>
  );
}

import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { redirectTo } from '../../../lib/navigation.js';
import { showToast } from '../../../lib/toast.js';
import { useThemes } from '../hooks/use-works.js';
import { programmeStrings as t } from '../strings.js';
import { ResultPlaceholder } from './entry-result.js';
import { ErrorBlock } from '../../../components/ui/error-block.js';
import './programme.css';
import './works.css';

function ThemeList() {
  const themes = useThemes();
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState(params.get('themeId') ?? '');
  if (themes.isPending) return <ResultPlaceholder state="loading" />;
  if (themes.isError) return <ResultPlaceholder state="error" error={themes.error} onRetry={() => void themes.refetch()} />;
  if (themes.data.length === 0) {
    return (
      <div className="qgw-p24-empty">
        <ErrorBlock status="empty" title={t.themesEmpty} description="" />
      </div>
    );
  }
  const next = () => {
    if (!chosen) {
      showToast(t.themeSelectHint);
      return;
    }
    // the theme page gives way to the form, so that back from the form returns to the list
    redirectTo(routes.apply.addWork, { themeId: chosen });
  };
  return (
    <>
      <div className="qgw-p24-themes" role="radiogroup" aria-label={t.theme}>
        <p className="qgw-p24-theme-hint">{t.themeSelectHint}</p>
        {themes.data.map((theme) => (
          <label key={theme.id} className={theme.id === chosen ? 'qgw-p24-theme qgw-p24-theme-on' : 'qgw-p24-theme'}>
            <input
              type="radio"
              name="theme"
              value={theme.id}
              checked={theme.id === chosen}
              onChange={() => setChosen(theme.id)}
            />
            <span>
              <span className="qgw-p24-theme-name">{theme.name}</span>
              <span className="qgw-p24-theme-desc">{theme.description}</span>
            </span>
          </label>
        ))}
      </div>
      <div className="qgw-p24-footer">
        <Button className="qgw-primary-button" color="primary" block disabled={!chosen} onClick={next}>
          {t.next}
        </Button>
      </div>
    </>
  );
}

/** pages/apply/themeSelect: the first step of a new work, choosing its theme. */
export function ThemeSelectScreen() {
  return (
    <PageLayout title={t.themeSelectTitle}>
      <AuthGate>
        <ThemeList />
      </AuthGate>
    </PageLayout>
  );
}

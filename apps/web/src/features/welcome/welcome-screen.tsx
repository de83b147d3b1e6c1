import { Button } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { routes } from '@qgw/contracts';
import { redirectTo, switchTab } from '../../lib/navigation.js';
import { useGlobalStore } from '../../stores/global.js';
import { welcomeStrings as t } from './strings.js';
import './welcome.css';

export function WelcomeScreen() {
  const statusBarHeight = useGlobalStore((s) => s.statusBarHeight);
  return (
    <main className="qgw-welcome" style={{ paddingTop: statusBarHeight }}>
      <div className="qgw-welcome-hero">
        <div className="qgw-welcome-mark" aria-hidden="true">
          青
        </div>
        <h1 className="qgw-welcome-heading">{t.heading}</h1>
        <p className="qgw-welcome-intro">{t.intro}</p>
      </div>
      <ul className="qgw-welcome-points">
        {t.points.map((p) => (
          <li key={p}>
            <CheckCircleFill aria-hidden="true" />
            <span>{p}</span>
          </li>
        ))}
      </ul>
      <div className="qgw-welcome-actions">
        <Button className="qgw-welcome-primary" color="primary" block shape="rounded" onClick={() => redirectTo(routes.login.index)}>
          {t.toLogin}
        </Button>
        <Button className="qgw-welcome-secondary" block shape="rounded" onClick={() => switchTab(routes.home.index)}>
          {t.toHome}
        </Button>
      </div>
    </main>
  );
}

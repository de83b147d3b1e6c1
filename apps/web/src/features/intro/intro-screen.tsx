import { TabLayout } from '../../components/layouts/tab-layout.js';
import { PageLayout } from '../../components/layouts/page-layout.js';
import { IntroContent } from './intro-content.js';
import { introStrings as t } from './strings.js';

/** pages/intro/index: the committee intro tab. */
export function IntroScreen() {
  return (
    <TabLayout>
      <IntroContent />
    </TabLayout>
  );
}

/** pages/homeIntro/index: the same introduction, opened on top of another page. */
export function HomeIntroScreen() {
  return (
    <PageLayout title={t.heading}>
      <IntroContent />
    </PageLayout>
  );
}

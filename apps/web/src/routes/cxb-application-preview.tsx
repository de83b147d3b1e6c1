import { PreviewStepScreen } from '../features/rank-user/components/preview-step-screen.js';

/** pages/cxbApplication/preview */
export default function Screen() {
  return <PreviewStepScreen />;
}

import { StoryStepScreen } from '../features/rank-user/components/story-step-screen.js';

/** pages/cxbApplication/videoInfo */
export default function Screen() {
  return <StoryStepScreen />;
}

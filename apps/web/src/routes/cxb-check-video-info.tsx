import { VideoInfoScreen } from '../features/rank-user/components/video-info-screen.js';

/** pages/cxbCheck/videoInfo */
export default function Screen() {
  return <VideoInfoScreen />;
}

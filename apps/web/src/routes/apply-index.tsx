import { WorksListScreen } from '../features/programme2024/components/works-list-screen.js';

export default function Screen() {
  return <WorksListScreen />;
}

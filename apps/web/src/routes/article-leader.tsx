import { PeopleScreen } from '../features/content/components/people-screen.js';

export default function Screen() {
  return <PeopleScreen group="leadership" />;
}

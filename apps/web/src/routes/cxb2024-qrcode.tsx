import { QrcodeScreen } from '../features/programme2024/components/qrcode-screen.js';

export default function Screen() {
  return <QrcodeScreen />;
}

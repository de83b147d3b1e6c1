import { UserOutline } from 'antd-mobile-icons';
import './accounts.css';

/** A round avatar; a neutral figure when there is no picture. */
export function Avatar({ src, size = 'medium' }: { src: string | null; size?: 'medium' | 'large' }) {
  return (
    <span className={`qgw-avatar qgw-avatar-${size}`}>
      {src ? <img src={src} alt="" /> : <UserOutline aria-hidden="true" />}
    </span>
  );
}

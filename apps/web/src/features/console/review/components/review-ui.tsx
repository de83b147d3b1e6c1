import { statusLabels, type ApplicationStatus } from '@qgw/contracts';
import { readUserInfo } from '../../../../lib/storage.js';
import { useUserInfo } from '../../../accounts/index.js';
import { hasAdminRole } from '../../entry.js';
import './review.css';

/** Admins see every application and decide; everyone else in the console reviews what is assigned. */
export function useIsAdmin(): boolean {
  const profile = useUserInfo();
  return hasAdminRole(profile.data?.roles ?? readUserInfo()?.roles);
}

/** 2024-05-01 09:30 in the viewer's time zone. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return <span className={`qgw-rv-badge qgw-rv-badge-${status}`}>{statusLabels[status]}</span>;
}

/** Dates as the screens show them: the API answers ISO strings. */

const pad = (n: number) => String(n).padStart(2, '0');

/** 2024-05-01T08:00:00Z → 2024-05-01 (local date); a plain YYYY-MM-DD passes through. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

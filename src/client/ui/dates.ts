// Dates and times as players read them, in their own locale; a missing or broken date shows as a dash, never an error.

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '12 Mar 2026' (in the player's locale). */
export function formatDate(iso: string | null | undefined): string {
  return parse(iso)?.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) ?? '—';
}

/** '12 Mar 2026, 14:05' (in the player's locale). */
export function formatDateTime(iso: string | null | undefined): string {
  return (
    parse(iso)?.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }) ?? '—'
  );
}

/** '14:05' (in the player's locale). */
export function formatTime(iso: string | null | undefined): string {
  return parse(iso)?.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }) ?? '—';
}

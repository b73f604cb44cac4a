const numbers = new Intl.NumberFormat('en');
const dates = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' });

export const formatNumber = (value: number) => numbers.format(value);
export const formatTime = (iso: string | null | undefined) => (iso ? dates.format(new Date(iso)) : '—');

/** "in 4 min", "2 h ago": for retry times and job ages. */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const size = Math.abs(seconds);
  const text = size < 60 ? `${size} s` : size < 3600 ? `${Math.round(size / 60)} min` : size < 172_800 ? `${Math.round(size / 3600)} h` : `${Math.round(size / 86_400)} d`;
  return seconds >= 0 ? `in ${text}` : `${text} ago`;
}

/** One entry per line or comma; blanks dropped. */
export const listOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);

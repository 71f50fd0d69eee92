/**
 * Whether `text` begins with a day that exists: Date.parse rolls 2027-02-30 over to 2027-03-02,
 * and a key that expires two days after the one typed is a silent error.
 */
function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * `--expires` → an ISO instant. Accepts a date (valid through the end of that day, UTC), a full
 * ISO date-time, or a duration in days such as 30d. Refuses the past: a key born expired is a typo.
 */
export function parseExpiry(text: string, now: Date): string {
  const trimmed = text.trim();
  let instant: number;
  const days = /^(\d{1,5})d$/i.exec(trimmed);
  if (days) {
    instant = now.getTime() + Number(days[1]) * 86_400_000;
  } else if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed) && isCalendarDate(trimmed)) {
    instant = Date.parse(`${trimmed}T23:59:59.999Z`);
  } else if (/^\d{4}-\d{2}-\d{2}T/.test(trimmed) && isCalendarDate(trimmed)) {
    instant = Date.parse(trimmed);
  } else {
    instant = Number.NaN;
  }
  if (Number.isNaN(instant)) {
    throw new Error(
      `--expires "${text}" is not a date: use YYYY-MM-DD, an ISO date-time, or a number of days such as 30d.`,
    );
  }
  if (instant <= now.getTime()) throw new Error(`--expires "${text}" is in the past.`);
  return new Date(instant).toISOString();
}

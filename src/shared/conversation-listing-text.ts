// The words a list of conversations shows beside each title, the same in `sluice
// conversations` and the app's sidebar: when it was last active ("today 14:02", "yesterday
// 09:15", "3 Dec 14:02", "3 Dec 2024"), what it cost ("$0.04") and how many turns it had. The
// time is always there within the year, so ten conversations started by the same prompt are
// still told apart. Local time of the machine that shows it.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 24 * 60 * 60 * 1000;

function clock(date: Date): string {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** When, as short as it can be told: today and yesterday by name, this year without the year. */
export function shortWhen(at: number, now: number): string {
  const date = new Date(at);
  const today = startOfDay(new Date(now));
  const day = startOfDay(date);
  if (day === today) return `today ${clock(date)}`;
  // Rounded, so a day of 23 or 25 hours (a clock change) still counts as one.
  if (Math.round((today - day) / DAY_MS) === 1) return `yesterday ${clock(date)}`;
  const dayMonth = `${date.getDate()} ${MONTHS[date.getMonth()] ?? ''}`;
  return date.getFullYear() === new Date(now).getFullYear()
    ? `${dayMonth} ${clock(date)}`
    : `${dayMonth} ${date.getFullYear()}`;
}

/** Dollars to the cent; a cost below half a cent that is not nothing reads "<$0.01". */
export function costText(usd: number): string {
  if (usd > 0 && usd < 0.005) return '<$0.01';
  return `$${usd.toFixed(2)}`;
}

export function turnsText(turns: number): string {
  return `${turns} ${turns === 1 ? 'turn' : 'turns'}`;
}

/** The dates the calendar parts read: a month of the current year, and its quarter. */
export function calendarRanges(today = new Date()) {
  const month = {
    startDate: `${today.toISOString().slice(0, 8)}01`,
    endDate: `${today.toISOString().slice(0, 8)}28`,
    page: 1,
    pageSize: 500,
  };
  const q0 = Math.floor(today.getUTCMonth() / 3) * 3;
  const quarter = {
    startDate: new Date(Date.UTC(today.getUTCFullYear(), q0, 1)).toISOString().slice(0, 10),
    endDate: new Date(Date.UTC(today.getUTCFullYear(), q0 + 3, 0)).toISOString().slice(0, 10),
  };
  const quarterDays = Math.round((Date.parse(quarter.endDate) - Date.parse(quarter.startDate)) / 86_400_000) + 1;
  return { month, quarter, quarterDays };
}

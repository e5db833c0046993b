import { reportRangeProblem } from '@portal/contract';
import { hospitalDate } from '../../i18n/format';

/** The range a list shows: as the URL says, else this month up to today (the hospital's); with what is wrong with it. */
export function reportRange(filter: { from: string | null; to: string | null }) {
  const today = hospitalDate(new Date());
  const range = { from: filter.from ?? `${today.slice(0, 8)}01`, to: filter.to ?? today };
  return { range, problem: reportRangeProblem(range.from, range.to) };
}

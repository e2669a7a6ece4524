import type { Training } from '../wire';
import { daysLeft, expiryState, holdsCertificate, type ExpiryState } from './trainingExpiry';

/** One person's trainings as a record: what they did, what it added up to this year, what lapses when. */
export interface TrainingRecord {
  person: { id: string; name: string; email: string; department: string | null };
  /** Newest first. */
  trainings: Training[];
  year: number;
  /** This year's (by start date), cancelled ones left out. */
  totals: { trainings: number; hours: number; structuredUnits: number; unstructuredUnits: number; cost: number };
  /** Certificates held (with an expiry date, not cancelled or failed), soonest to lapse first; lapsed ones last. */
  certificates: { trainingId: string; name: string; expiryDate: string; state: ExpiryState; daysLeft: number }[];
}

/**
 * A person's training record from their trainings: newest first, this year's totals (by start date,
 * cancelled ones left out), and the certificates they hold by what lapses next (lapsed ones after).
 */
export function trainingRecord(
  person: TrainingRecord['person'],
  trainings: readonly Training[],
  now: number,
): TrainingRecord {
  const year = new Date(now).getUTCFullYear();
  const held = trainings.filter((t) => t.status !== 'CANCELLED');
  const thisYear = held.filter((t) => new Date(t.startDate).getUTCFullYear() === year);
  const sum = (pick: (t: Training) => number | null) =>
    Math.round(thisYear.reduce((n, t) => n + (pick(t) ?? 0), 0) * 100) / 100;
  const certificates = trainings
    .filter(holdsCertificate)
    .map((t) => ({
      trainingId: t.id,
      name: t.name,
      expiryDate: t.expiryDate!.slice(0, 10),
      state: expiryState(t, now),
      daysLeft: daysLeft(t.expiryDate!, now),
    }))
    .sort((a, b) => {
      const lapsedA = a.daysLeft < 0;
      const lapsedB = b.daysLeft < 0;
      if (lapsedA !== lapsedB) return lapsedA ? 1 : -1;
      return lapsedA ? b.daysLeft - a.daysLeft : a.daysLeft - b.daysLeft;
    });
  return {
    person,
    trainings: [...trainings].sort((a, b) => b.startDate.localeCompare(a.startDate) || a.name.localeCompare(b.name)),
    year,
    totals: {
      trainings: thisYear.length,
      hours: sum((t) => t.hours),
      structuredUnits: sum((t) => t.structuredUnits),
      unstructuredUnits: sum((t) => t.unstructuredUnits),
      cost: sum((t) => t.cost),
    },
    certificates,
  };
}

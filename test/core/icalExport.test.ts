import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { CalendarPage } from '../../src-shared/appApi';
import type { Leave } from '../../src-shared/wire';
import { setRequestLanguage } from '../../src-main/core/api/language';
import { icalOf } from '../../src-main/core/calendar/icalExport';
import { pageWords } from '../../src-main/core/api/language';
import { icalFileName } from '../../src-shared/records/icalWords';

const leave = (id: string, start: string, end: string, status: Leave['status'], type: Leave['type']): Leave => ({
  id,
  userId: 'u1',
  startDate: `${start}T00:00:00.000Z`,
  endDate: `${end}T00:00:00.000Z`,
  type,
  notes: 'Private note',
  status,
  days: 3,
  reviewedBy: null,
  reviewedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-02-03T04:05:06.000Z',
  version: 1,
});

const page = (leaveList: Leave[]): CalendarPage => ({
  range: { startDate: '2026-12-01', endDate: '2026-12-31' },
  users: [
    {
      user: { id: 'u1', firstName: 'Ada', lastName: 'Lovelace', departmentId: null, nationality: 'GB' },
      leave: leaveList,
      holidays: [],
    },
  ],
  people: { page: 1, pageSize: 1, total: 1, totalPages: 1 },
  known: 1,
  synced: null,
});

describe('the iCal export', () => {
  it('writes one all-day VEVENT per request that another library reads back: UID, DTSTAMP, status, dates', () => {
    const { text, events } = icalOf(
      page([
        leave('l1', '2026-12-21', '2026-12-23', 'APPROVED', 'ANNUAL'),
        leave('l2', '2026-12-31', '2026-12-31', 'PENDING', 'SICK'),
      ]),
      'test/leave',
      pageWords(),
    );
    expect(events).toBe(2);
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('prodid')).toBe('test/leave');
    const [first, second] = calendar.getAllSubcomponents('vevent');
    const a = new ICAL.Event(first!);
    expect([a.uid, a.summary, a.startDate.toString(), a.endDate.toString(), a.startDate.isDate]).toEqual([
      'l1@hr-offline',
      'Ada Lovelace: Annual leave',
      '2026-12-21',
      '2026-12-24',
      true,
    ]);
    expect(a.description).toBe('Annual leave, 3 working days (approved)');
    expect(first!.getFirstPropertyValue('categories')).toBe('Annual leave');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Leave');
    expect(first!.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(first!.getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(second!.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(new ICAL.Event(second!).endDate.toString()).toBe('2027-01-01');
    // Notes never leave the app in a file.
    expect(text).not.toContain('Private note');
  });

  it('has nothing to write for a calendar without leave', () => {
    expect(icalOf(page([]), 'test/leave', pageWords())).toEqual({ text: '', events: 0 });
  });

  describe('in the language the page is read in', () => {
    afterEach(() => setRequestLanguage('en'));

    it('writes titles, descriptions, categories and the file name in French, dates as the file has them', () => {
      setRequestLanguage('fr');
      const withHalf = { ...leave('l3', '2026-12-07', '2026-12-07', 'PENDING', 'SICK'), days: 1.5 };
      const { text } = icalOf(
        page([leave('l1', '2026-12-21', '2026-12-23', 'APPROVED', 'ANNUAL'), withHalf]),
        'test/leave',
        pageWords(),
      );
      const calendar = new ICAL.Component(ICAL.parse(text));
      const [first, second] = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
      expect([first!.summary, first!.description, first!.startDate.toString()]).toEqual([
        'Ada Lovelace : Congés payés',
        'Congés payés, 3 jours ouvrés (approuvée)',
        '2026-12-21',
      ]);
      expect(second!.description).toBe('Arrêt maladie, 1,5 jour ouvré (en attente)');
      expect(calendar.getAllSubcomponents('vevent')[0]!.getFirstPropertyValue('categories')).toBe('Congés payés');
      expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Absences');
      expect(icalFileName(pageWords(), { startDate: '2026-12-01', endDate: '2026-12-31' })).toBe(
        'absences 2026-12-01 au 2026-12-31.ics',
      );
    });

    it('in German', () => {
      setRequestLanguage('de');
      const { text } = icalOf(
        page([leave('l1', '2026-12-21', '2026-12-23', 'APPROVED', 'UNPAID')]),
        'test/leave',
        pageWords(),
      );
      const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
      expect([event.summary, event.description]).toEqual([
        'Ada Lovelace: Unbezahlter Urlaub',
        'Unbezahlter Urlaub, 3 Arbeitstage (genehmigt)',
      ]);
    });
  });
});

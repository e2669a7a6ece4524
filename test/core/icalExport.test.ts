import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { CalendarPage } from '../../src-shared/appApi';
import type { Leave } from '../../src-shared/wire';
import { icalOf } from '../../src-main/core/calendar/icalExport';

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
    expect(first!.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(first!.getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(second!.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(new ICAL.Event(second!).endDate.toString()).toBe('2027-01-01');
    // Notes never leave the app in a file.
    expect(text).not.toContain('Private note');
  });

  it('has nothing to write for a calendar without leave', () => {
    expect(icalOf(page([]), 'test/leave')).toEqual({ text: '', events: 0 });
  });
});

import { formatOrderDate } from './formatOrderDate';

describe('formatOrderDate', () => {
  it('writes a date as people in India read it, and leaves text that is not a date as it is', () => {
    expect(formatOrderDate('2026-11-22T10:00:00.000Z')).toBe('22 Nov 2026');
    expect(formatOrderDate('not a date')).toBe('not a date');
  });

  it('builds its formatter once, however many orders are listed (issue 19: one per row was a long task)', () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      const days = Array.from({ length: 20 }, (_, i) => formatOrderDate(`2026-10-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`));
      expect(days[0]).toBe('1 Oct 2026');
      expect(days[19]).toBe('20 Oct 2026');
      expect(made.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      made.mockRestore();
    }
  });
});

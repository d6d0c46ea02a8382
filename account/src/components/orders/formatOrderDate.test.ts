import { formatOrderDate } from './formatOrderDate';

describe('formatOrderDate', () => {
  it('writes a date as people in India read it, and leaves text that is not a date as it is', () => {
    expect(formatOrderDate('2026-11-22T10:00:00.000Z')).toBe('22 Nov 2026');
    expect(formatOrderDate('not a date')).toBe('not a date');
  });

  it("writes what Intl.DateTimeFormat('en-IN') writes, every month, without making an Intl object (issue 19: TBT)", () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    const dates = Array.from({ length: 24 }, (_, i) => new Date(2026, i % 12, 1 + ((i * 5) % 28), 12).toISOString());
    const got = dates.map(formatOrderDate);
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    const intl = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
    expect(got).toEqual(dates.map((iso) => intl.format(new Date(iso))));
  });
});

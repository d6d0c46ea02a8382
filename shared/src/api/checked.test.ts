import { ApiError } from './errors';
import { dataOf } from './checked';

describe('dataOf', () => {
  it('gives the data of an answer that has it, falsy data included', () => {
    const order = { success: true, data: { id: 3 } };
    const count = { success: true, data: 0 };
    const line = { success: true, data: { results: 'line' } };
    expect(dataOf(order)).toEqual({ id: 3 });
    expect(dataOf(count)).toBe(0);
    expect(dataOf(line, 'results')).toBe('line');
  });

  it("rejects an answer without its data, with the server's message", () => {
    const answers: { success: boolean; message: string | string[]; data?: null }[] = [
      { success: true, message: 'Try later' },
      { success: true, message: ['Try later'], data: null },
    ];
    for (const answer of answers) {
      let thrown: unknown;
      try {
        dataOf(answer);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(ApiError);
      expect(thrown).toMatchObject({ status: 200, messages: ['Try later'] });
    }
  });

  it('rejects an answer without the part asked for', () => {
    const answer: { message: string; data: { results?: string } } = { message: 'No line', data: {} };
    expect(() => dataOf(answer, 'results')).toThrow('No line');
  });
});

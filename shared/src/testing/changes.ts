import { reaction } from 'mobx';

/**
 * The values `read` took while `act` ran, in order: what the observers reading it were told. Empty when
 * nothing changed, so nothing that renders it would render again.
 */
export async function changesDuring<T>(read: () => T, act: () => Promise<unknown>): Promise<T[]> {
  const seen: T[] = [];
  const stop = reaction(read, (value) => seen.push(value));
  try {
    await act();
  } finally {
    stop();
  }
  return seen;
}

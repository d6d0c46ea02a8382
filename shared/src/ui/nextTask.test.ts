/**
 * @jest-environment node
 */
// Node has MessageChannel (jsdom has not): this runs the path browsers take.
import { nextTask, yieldToBrowser } from './nextTask';

describe('nextTask', () => {
  it('runs in a later task: after the current one and its microtasks', async () => {
    const seen: string[] = [];
    nextTask(() => seen.push('task'));
    void Promise.resolve().then(() => seen.push('microtask'));
    seen.push('sync');
    expect(seen).toEqual(['sync']);
    await yieldToBrowser();
    expect(seen).toEqual(['sync', 'microtask', 'task']);
  });

  it('does not run once cancelled', async () => {
    let ran = false;
    const cancel = nextTask(() => {
      ran = true;
    });
    cancel();
    await yieldToBrowser();
    await yieldToBrowser();
    expect(ran).toBe(false);
  });
});

import { whenIdle } from './idle';

type IdleCallback = () => void;

describe('whenIdle', () => {
  let idle: IdleCallback[];
  let readyState: DocumentReadyState;

  beforeEach(() => {
    idle = [];
    readyState = 'loading';
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => readyState });
    Object.assign(window, {
      requestIdleCallback: (cb: IdleCallback) => idle.push(cb),
      cancelIdleCallback: (id: number) => {
        idle[id - 1] = () => undefined;
      },
    });
  });

  afterEach(() => {
    Reflect.deleteProperty(document, 'readyState');
    Reflect.deleteProperty(window, 'requestIdleCallback');
    Reflect.deleteProperty(window, 'cancelIdleCallback');
  });

  function loadPage(): void {
    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
  }

  it('waits for the page to load, then for the browser to be idle', () => {
    const task = jest.fn();
    whenIdle(task, 4000);
    expect(idle).toHaveLength(0);
    loadPage();
    expect(task).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]?.();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('on a page already loaded, asks for the next idle moment at once', () => {
    readyState = 'complete';
    const task = jest.fn();
    whenIdle(task, 4000);
    idle[0]?.();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('cancelled, it never runs: before the load, or while it waits for an idle moment', () => {
    const early = jest.fn();
    whenIdle(early, 4000)();
    const late = jest.fn();
    const cancel = whenIdle(late, 4000);
    loadPage();
    cancel();
    for (const cb of idle) cb();
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});

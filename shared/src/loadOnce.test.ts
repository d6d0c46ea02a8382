import { loadOnce } from './loadOnce';

describe('loadOnce', () => {
  it('loads once for every caller', async () => {
    const load = jest.fn(() => Promise.resolve('module'));
    const get = loadOnce(load);
    await expect(Promise.all([get(), get()])).resolves.toEqual(['module', 'module']);
    await get();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = jest.fn<Promise<string>, []>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('module');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

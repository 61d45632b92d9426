import { PlanResponseCache } from './plan-response.cache';

describe('PlanResponseCache', () => {
  it('serves one entry for every spelling of a name', async () => {
    const cache = new PlanResponseCache();
    const load = jest.fn(async () => Buffer.from('{"success":true}'));
    const first = await cache.getOrLoad(cache.keyOf('YouTube'), load);
    const second = await cache.getOrLoad(cache.keyOf('  youtube '), load);
    expect(second).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not remember an unknown plan: the next lookup asks again', async () => {
    const cache = new PlanResponseCache();
    const missing = jest.fn(async () => Promise.reject(new Error('Plan not found')));
    await expect(cache.getOrLoad(cache.keyOf('myspace'), missing)).rejects.toThrow('Plan not found');
    await expect(cache.getOrLoad(cache.keyOf('myspace'), missing)).rejects.toThrow('Plan not found');
    expect(missing).toHaveBeenCalledTimes(2);
  });
});

/**
 * Data survives a restart: the second start on the same DATA_DIR (or the same PostgreSQL
 * database) reuses what the first one created and seeds nothing twice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getJson } from '../support/harness';
import { createStore, startServer, type RunningServer, type Store } from '../support/system';

const servicesPath = '/api/services/getAll?page=1&limit=100';

describe('Restart on the same data (real server)', () => {
  let store: Store;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    store = await createStore({ label: 'restart' });
  });

  afterAll(async () => {
    await server?.stop();
    await store?.dispose();
  });

  test('a second start reuses the data of the first: still 8 services, health ok', async () => {
    server = await startServer({ store });
    const firstHealth = await getJson(server.url('/api/health'));
    expect(firstHealth).toMatchObject({ success: true, status: 'ok' });
    const first = await getJson(server.url(servicesPath));
    expect(first.success).toBe(true);
    expect(first.data).toHaveLength(8);
    const firstServices = first.data.map((s: any) => ({ id: s.serviceId, heading: s.serviceHeading }));
    await server.stop();
    server = undefined;

    if (!store.databaseUrl) {
      // The embedded profile keeps its database under DATA_DIR/pglite.
      expect(fs.existsSync(path.join(store.dataDir, 'pglite'))).toBe(true);
    }

    server = await startServer({ store });
    const secondHealth = await getJson(server.url('/api/health'));
    expect(secondHealth).toMatchObject({ success: true, status: 'ok' });
    const second = await getJson(server.url(servicesPath));
    expect(second.data).toHaveLength(8);
    // Same rows, not a fresh seed: identical ids in the same order.
    expect(second.data.map((s: any) => ({ id: s.serviceId, heading: s.serviceHeading }))).toEqual(firstServices);
  });
});

/**
 * Every paid order's confirmation mail goes out exactly once while the worker is killed (SIGKILL) at
 * random moments between payment and mail, and its Redis is restarted empty (docs/operations.md#mail).
 * Real: the built server as one `web` and one `worker` process on PostgreSQL (DATABASE_URL) and a
 * private redis-server of the spec's own (never the machine's), sandbox payments, the console outbox
 * (DATA_DIR/outbox, shared by both processes) as the mail sink. Nothing faked.
 *
 * The sink keeps one file per Message-ID, as a mailbox that keeps Message-IDs does: a mail sent again
 * after a kill between the send and the mark replaces its own file. The relay logs each such resend;
 * the spec counts them apart, so the figure of the one window left is seen, not hidden.
 */
import { readOutbox } from '../support/outbox';
import { buyWithSandbox, SANDBOX_KEY_SECRET, signUpCustomer, type Customer } from '../support/customers';
import type { SystemHandle } from '../support/harness';
import { allSuitesRequired, createStore, startServer, type RunningServer, type Store } from '../support/system';
import { findRedisServer, startThrowawayRedis, type ThrowawayRedis } from '../support/throwaway-redis';

const ORDERS = 200;
const runs = (findRedisServer() && process.env.DATABASE_URL) || allSuitesRequired() ? describe : describe.skip;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

runs('confirmation mails under worker kills and an emptied Redis (PostgreSQL + Redis)', () => {
  let redis: ThrowawayRedis;
  let store: Store;
  let web: RunningServer | undefined;
  let worker: RunningServer | undefined;
  const workerOutput: string[] = [];

  const env = () => ({
    REDIS_URL: redis.url,
    SMTP_URL: '',
    GOOGLE_CLIENT_ID: '',
    PAYMENTS_PROVIDER: 'sandbox',
    RAZORPAY_KEY_SECRET: SANDBOX_KEY_SECRET,
    RATE_LIMIT_OTP_PER_IP: '10000',
    RATE_LIMIT_SIGN_IN_PER_IP: '10000',
  });
  const startWorker = async () => {
    worker = await startServer({ store, env: { ...env(), PROCESS_ROLE: 'worker' } });
  };
  const killWorker = () => {
    const current = worker;
    worker = undefined;
    if (!current) return;
    workerOutput.push(current.stdout());
    process.kill(current.pid, 'SIGKILL');
  };

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    store = await createStore({ label: 'mail-crash', seeded: true });
    // The worker first: it declares the repeating jobs, and until one has, the web process's health
    // says degraded (docs/operations.md), which startServer does not take for started.
    await startWorker();
    web = await startServer({ store, env: { ...env(), PROCESS_ROLE: 'web' } });
    // A guard against a hang, not a measure: two server starts on a seeded database take 20-40 s on
    // an idle machine and several times that when the two cores are shared.
  }, 300_000);

  afterAll(async () => {
    killWorker();
    await web?.stop();
    await redis?.stop();
    await store?.dispose();
  });

  test(`${ORDERS} paid orders, each confirmed by exactly one mail`, async () => {
    const system = { url: (p: string) => web!.url(p), store } as unknown as SystemHandle;
    const customers: Customer[] = [];
    for (let i = 0; i < 4; i += 1) customers.push(await signUpCustomer(system, { label: `crash${i}` }));

    // The chaos, in rounds of 10 purchases: the worker is killed at a random moment of each round
    // (while it sends the mail of this round's payments and of the last one's backlog), every other
    // round Redis is restarted empty too, and the worker is started again for the next round.
    const ROUND = 10;
    let kills = 0;
    let redisRestarts = 0;
    const orderIds: string[] = [];
    for (let round = 0; round * ROUND < ORDERS; round += 1) {
      const killed = sleep(Math.random() * 400).then(() => {
        killWorker();
        kills += 1;
      });
      for (let i = round * ROUND; i < Math.min(ORDERS, (round + 1) * ROUND); i += 1) {
        const subscription = await buyWithSandbox(system, customers[i % customers.length], { profileLink: `https://www.youtube.com/@crash${i}` });
        orderIds.push(String(subscription.orderId));
      }
      await killed;
      if (round % 2 === 1) {
        await redis.stop();
        await redis.start();
        redisRestarts += 1;
      }
      await startWorker();
    }

    const confirmations = () => {
      const counts = new Map(orderIds.map((id) => [id, 0]));
      for (const mail of readOutbox(store.dataDir)) {
        // The subject names the shop's order number; the receipt link in the text names the order.
        const id = mail.subject.startsWith('Order confirmed: ') ? /\/receipt\/(order_[A-Za-z0-9]+)$/m.exec(mail.text)?.[1] : undefined;
        if (id && counts.has(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      return counts;
    };
    // Rows a killed worker held come back when their 90 s lease runs out.
    const deadline = Date.now() + 150_000;
    while ([...confirmations().values()].some((n) => n === 0) && Date.now() < deadline) await sleep(500);
    await sleep(2_000); // a second copy would be here by now

    const counts = confirmations();
    const resends = [...workerOutput, worker!.stdout()].join('\n').match(/never ended; sending it again with the same Message-ID/g)?.length ?? 0;
    console.log(`mail crash: ${ORDERS} orders, ${kills} worker kills, ${redisRestarts} Redis restarts (emptied), ${resends} resends after a kill`);
    expect(kills).toBeGreaterThan(0);
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
  }, 600_000);
});

import type { AdminSubscription } from '@growth/contracts';
import request from 'supertest';
import { startProviderStandIn, type ProviderStandIn } from '../../../e2e/support/provider-stand-in';
import { as, eventually, signedProof, type PlanTiers } from '../billing/support';
import type { TestApp } from '../support/app';
import { CuttableProxy } from '../support/cuttable-proxy';
import type { CustomerSession } from '../support/customer-session';

/**
 * The provider panel of the fulfilment API specs: the API v2 stand-in behind a TCP proxy that the
 * spec can cut (the panel unreachable: connections refused) and restore on the same address.
 */
export interface ProviderPanelUnderTest {
  standIn: ProviderStandIn;
  proxy: CuttableProxy;
  /** PROVIDER_URL: the stand-in's API v2 path through the proxy. */
  url: string;
  close(): Promise<void>;
}

export async function startPanel(): Promise<ProviderPanelUnderTest> {
  const standIn = await startProviderStandIn();
  const target = new URL(standIn.url);
  const proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port) });
  await proxy.open();
  return {
    standIn,
    proxy,
    url: `http://127.0.0.1:${proxy.port}${target.pathname}`,
    close: async () => {
      await proxy.cut();
      await standIn.close();
    },
  };
}

/** Timeout of one provider call in these specs: short, so "slow" cases stay fast. */
export const TIMEOUT_MS = 1_500;

/**
 * The environment of an app that places orders with `panel`: api-v2, a short call timeout, and a
 * sync schedule far away (the specs run each pass themselves through POST /admin/fulfilment/sync).
 */
export function panelEnv(panel: ProviderPanelUnderTest, extra: Record<string, string> = {}): Record<string, string> {
  return {
    FULFILMENT_PROVIDER: 'api-v2',
    // Sandbox payments with a panel: allowed only for a stand-in on this machine, and only when said.
    SANDBOX_FULFILMENT: 'loopback',
    PROVIDER_URL: panel.url,
    PROVIDER_KEY: panel.standIn.key,
    PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS),
    FULFILMENT_SYNC_EVERY_MS: String(60 * 60_000),
    RATE_LIMIT_OTP_PER_IP: '1000',
    RATE_LIMIT_SIGN_IN_PER_IP: '1000',
    ...extra,
  };
}

/** An admin's calls: GET and POST with the admin's Bearer token. */
export function asAdmin(t: TestApp, token: string) {
  const server = t.app.getHttpServer();
  return {
    token,
    get: (path: string) => request(server).get(path).set('Authorization', `Bearer ${token}`),
    post: (path: string, body: object) => request(server).post(path).set('Authorization', `Bearer ${token}`).send(body),
  };
}

/** A customer buys tier `pricingId` of `plan` through the sandbox checkout (order, then verify). */
export async function buy(t: TestApp, customer: CustomerSession, plan: PlanTiers, pricingId: string, profileLink: string) {
  const created = await as(t, customer).post('/api/payment/order', { userId: customer.userId, planId: plan.planId, pricingId, currency: 'USD', profileLink }).expect(200);
  const orderId = created.body.order.id as string;
  const verified = await as(t, customer).post('/api/payment/verify', signedProof(orderId)).expect(200);
  return { orderId, subscriptionId: verified.body.subscription.subscriptionId as string };
}

/** A row of POST /admin/tasks: the contract's admin subscription. */
export type AdminTask = AdminSubscription;

/** The order as the admin's task list shows it (found by its order id). */
export async function taskOf(t: TestApp, token: string, orderId: string): Promise<AdminTask> {
  const res = await asAdmin(t, token).post('/api/admin/tasks', { q: orderId }).expect(200);
  const task = (res.body.data as AdminTask[]).find((row) => row.orderId === orderId);
  if (!task) throw new Error(`order ${orderId} is not in the admin's tasks`);
  return task;
}

/** Waits (up to 10 s) until the order's fulfilment state is `state`; returns the task as it is then. */
export function taskInState(t: TestApp, token: string, orderId: string, state: string): Promise<AdminTask> {
  return eventually(
    () => taskOf(t, token, orderId),
    (task) => task.fulfilment?.state === state,
  );
}

/** Runs one sync pass now, as the admin's "Check now" does. */
export async function syncNow(t: TestApp, token: string) {
  const res = await asAdmin(t, token).post('/api/admin/fulfilment/sync', {}).expect(200);
  return res.body as {
    success: true;
    orders: number;
    requests: number;
    updated: number;
    finished: number;
    ms: number;
    /** The refill part of the pass (docs/refill.md). */
    refills: { refills: number; requests: number; settled: number; unsynced: number; abandoned: number; ms: number };
  };
}

/** The `add` calls the stand-in received. */
export function addsOf(standIn: ProviderStandIn) {
  return standIn.requests.filter((r) => r.action === 'add').map((r) => r.params);
}

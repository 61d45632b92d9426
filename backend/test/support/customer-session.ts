import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { codeIn, waitForMail } from '../identity/support';
import type { TestApp } from './app';

export interface CustomerSession {
  userId: string;
  email: string;
  token: string;
}

/**
 * A customer made the way a real one is, over HTTP: request an OTP, read it from the mail outbox,
 * verify it, register, log in. Returns the login's userId and Bearer token. Each call uses a new
 * address, so the per-address OTP limit is never reached; the per-IP limits are the app's (raise
 * RATE_LIMIT_OTP_PER_IP / RATE_LIMIT_SIGN_IN_PER_IP in createTestApp's env for many customers).
 */
export async function signUpCustomer(t: TestApp, label = 'customer', password = 'correct horse battery'): Promise<CustomerSession> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const post = (path: string, body: object) => request(t.app.getHttpServer()).post(`/api/user/${path}`).send(body);
  await post('request-otp', { email }).expect(200);
  const otp = codeIn(await waitForMail(t.dataDir, email));
  await post('verify-otp', { email, otp }).expect(200);
  await post('register', { email, otp, password, name: `Test ${label}`, phone: '+1 555 010 0199' }).expect(201);
  const login = await post('login', { email, password }).expect(200);
  return { userId: login.body.userId as string, email, token: login.body.token as string };
}

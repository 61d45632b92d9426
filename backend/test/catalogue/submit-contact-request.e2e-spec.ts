import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from '../support/app';

/**
 * POST /api/contact/contact over HTTP.
 * Real: the whole app (pipes, filters, envelope), its database (PGlite, or PostgreSQL with
 * DATABASE_URL), the mail queue (in-process, or BullMQ with REDIS_URL) and the outbox on disk.
 * Fake: nothing.
 */
const THANKS = "Thanks for reaching out! We'll get back to you within 24 hours.";

const valid = {
  user_name: 'Priya Sharma',
  user_email: 'priya@example.com',
  serviceType: 'growth',
  platform: 'YouTube',
  message: 'I would like to grow my cooking channel before my next series launches.',
};

interface OutboxMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

async function waitForMail(dir: string, match: (mail: OutboxMail) => boolean, timeoutMs = 10_000): Promise<OutboxMail> {
  const started = Date.now();
  for (;;) {
    let names: string[] = [];
    try {
      names = readdirSync(dir).filter((name) => name.endsWith('.json'));
    } catch {
      // no mail yet
    }
    const found = names.map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as OutboxMail).find(match);
    if (found) return found;
    if (Date.now() - started > timeoutMs) throw new Error(`No matching mail reached ${dir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('POST /api/contact/contact', () => {
  let t: TestApp;
  const post = () => request(t.app.getHttpServer()).post('/api/contact/contact');
  const rows = () => t.app.get(DataSource).query('SELECT name, email, service_type, platform, message, created_at, handled_at FROM contact_requests ORDER BY created_at');

  beforeAll(async () => {
    // These cases send far more requests than a visitor may (rate limits are checked below).
    t = await createTestApp({ env: { SUPPORT_EMAIL: 'help-desk@example.com', RATE_LIMIT_CONTACT_PER_IP: '1000' } });
  });

  afterAll(() => t?.close());

  it('stores the request, answers with the thanks, and mails support reply-to the visitor', async () => {
    const res = await post()
      .send(valid)
      .expect(201)
      .expect('Content-Type', /application\/json/);
    expect(res.body).toEqual({ success: true, message: THANKS });

    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: 'Priya Sharma',
      email: 'priya@example.com',
      service_type: 'growth',
      platform: 'YouTube',
      message: valid.message,
      handled_at: null,
    });

    const mail = await waitForMail(join(t.dataDir, 'outbox'), (m) => m.text.includes(valid.message));
    expect(mail.to).toBe('help-desk@example.com');
    expect(mail.replyTo).toBe('priya@example.com');
    expect(mail.subject).toBe('Contact request: Growth on YouTube from Priya Sharma');
    for (const line of ['Name:         Priya Sharma', 'E-mail:       priya@example.com', 'Service type: Growth (growth)', 'Platform:     YouTube']) {
      expect(mail.text).toContain(line);
    }
  });

  it('accepts every service type and platform of the form, and their spelling in any case', async () => {
    for (const serviceType of ['growth', 'management', 'consultation']) {
      for (const platform of ['YouTube', 'Instagram', 'LinkedIn', 'Twitter', 'TikTok', 'Spotify']) {
        await post()
          .send({ ...valid, serviceType, platform })
          .expect(201);
      }
    }
    await post()
      .send({ ...valid, serviceType: 'Consultation', platform: 'spotify', message: 'Case check: lower-case platform.' })
      .expect(201);
    const [row] = await t.app.get(DataSource).query(`SELECT service_type, platform FROM contact_requests WHERE message = 'Case check: lower-case platform.'`);
    expect(row).toEqual({ service_type: 'consultation', platform: 'Spotify' });
  });

  it('trims the fields and keeps the name on one line', async () => {
    await post()
      .send({ ...valid, user_name: '  Arjun\n  Mehta ', user_email: ' arjun@example.com ', message: '  Please call me back about management.  ' })
      .expect(201);
    const [row] = await t.app.get(DataSource).query(`SELECT name, email, message FROM contact_requests WHERE email = 'arjun@example.com'`);
    expect(row).toEqual({ name: 'Arjun Mehta', email: 'arjun@example.com', message: 'Please call me back about management.' });
  });

  it.each([
    ['user_name missing', { user_name: undefined }, 'user_name is required'],
    ['user_name blank', { user_name: '   ' }, 'user_name is required'],
    ['user_name not text', { user_name: 42 }, 'user_name must be text'],
    ['user_name too long', { user_name: 'n'.repeat(101) }, 'user_name must be at most 100 characters'],
    ['user_email missing', { user_email: undefined }, 'user_email is required'],
    ['user_email empty', { user_email: '' }, 'user_email is required'],
    ['user_email malformed', { user_email: 'priya@' }, 'user_email must be a valid e-mail address'],
    ['user_email without domain dot', { user_email: 'priya example.com' }, 'user_email must be a valid e-mail address'],
    ['user_email too long', { user_email: `${'a'.repeat(250)}@example.com` }, 'user_email must be at most 254 characters'],
    ['serviceType missing', { serviceType: undefined }, 'serviceType is required'],
    ['serviceType unknown', { serviceType: 'followers' }, 'serviceType must be one of growth, management, consultation'],
    ['serviceType the placeholder', { serviceType: '' }, 'serviceType is required'],
    ['serviceType not text', { serviceType: ['growth'] }, 'serviceType must be text'],
    ['platform missing', { platform: undefined }, 'platform is required'],
    ['platform unknown', { platform: 'MySpace' }, 'platform must be one of YouTube, Instagram, LinkedIn, Twitter, TikTok, Spotify'],
    ['platform of the pricing pages only', { platform: 'Threads' }, 'platform must be one of YouTube, Instagram, LinkedIn, Twitter, TikTok, Spotify'],
    ['message missing', { message: undefined }, 'message is required'],
    ['message too short', { message: 'Hi there' }, 'message must be at least 10 characters'],
    ['message short once trimmed', { message: '   Hi there     ' }, 'message must be at least 10 characters'],
    ['message too long', { message: 'm'.repeat(5001) }, 'message must be at most 5000 characters'],
    ['message not text', { message: { text: 'hello world' } }, 'message must be text'],
  ])('refuses %s with 400 naming the field', async (_case, change, message) => {
    const before = (await rows()).length;
    const res = await post()
      .send({ ...valid, ...change })
      .expect(400);
    expect(res.body).toEqual({ success: false, message, error: 'invalid' });
    expect((await rows()).length).toBe(before);
  });

  it('names every missing field of an empty body', async () => {
    const res = await post().send({}).expect(400);
    for (const field of ['user_name', 'user_email', 'serviceType', 'platform', 'message']) {
      expect(res.body.message).toContain(`${field} is required`);
    }
  });

  it('accepts a message of exactly 10 and exactly 5000 characters', async () => {
    await post()
      .send({ ...valid, message: 'x'.repeat(10) })
      .expect(201);
    await post()
      .send({ ...valid, message: 'y'.repeat(5000) })
      .expect(201);
  });

  it('refuses control characters (PostgreSQL refuses NUL) with 400 naming the field, and keeps line breaks and tabs', async () => {
    const res = await post()
      .send({ ...valid, user_email: 'nul@example.com', message: 'Hello\u0000 there, please help.' })
      .expect(400);
    expect(res.body).toEqual({ success: false, message: 'message must not contain control characters', error: 'invalid' });
    await post()
      .send({ ...valid, user_email: 'lines@example.com', message: 'Hello,\r\n\tplease help.' })
      .expect(201);
    const [row] = await t.app.get(DataSource).query(`SELECT message FROM contact_requests WHERE email = 'lines@example.com'`);
    expect(row.message).toBe('Hello,\r\n\tplease help.');
  });

  it('keeps the name and the message without bidi controls, so support reads them in their order (docs/security.md#text-entered-by-customers)', async () => {
    await post()
      .send({ ...valid, user_name: 'Priya\u202e amrahS', user_email: 'bidi@example.com', message: 'Please \u2066refund\u2069 me\u202e: txt.exe, thank you.' })
      .expect(201);
    const [row] = await t.app.get(DataSource).query(`SELECT name, message FROM contact_requests WHERE email = 'bidi@example.com'`);
    expect(row).toEqual({ name: 'Priya amrahS', message: 'Please refund me: txt.exe, thank you.' });
    const mail = await waitForMail(join(t.dataDir, 'outbox'), (m) => m.replyTo === 'bidi@example.com');
    expect(mail.subject).toBe('Contact request: Growth on YouTube from Priya amrahS');
    expect(`${mail.subject}${mail.text}`).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  });

  it.each([
    ['malformed JSON', '{"user_name": "Priya",', 'application/json', 'The request body is not valid JSON.'],
    ['a JSON array', '[1, 2]', 'application/json', null],
    ['a JSON string', '"hello"', 'application/json', null],
    ['form encoding it does not read', 'user_name=Priya', 'application/x-www-form-urlencoded', null],
  ])('answers %s with 400, never 500', async (_case, body, type, message) => {
    const res = await post().set('Content-Type', type).send(body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(typeof res.body.message).toBe('string');
    if (message) expect(res.body.message).toBe(message);
  });

  it('ignores fields it does not know', async () => {
    await post()
      .send({ ...valid, user_email: 'extra@example.com', handled_at: '2025-01-01', id: 'x' })
      .expect(201);
    const [row] = await t.app.get(DataSource).query(`SELECT handled_at FROM contact_requests WHERE email = 'extra@example.com'`);
    expect(row.handled_at).toBeNull();
  });
});

describe('POST /api/contact/contact rate limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_URL: '', RATE_LIMIT_CONTACT_PER_IP: '2' } });
  });

  afterAll(() => t?.close());

  it('refuses a third request from one client address within the hour with 429, and stores only two', async () => {
    const send = () => request(t.app.getHttpServer()).post('/api/contact/contact').send(valid);
    await send().expect(201);
    await send().expect(201);
    const refused = await send().expect(429);
    expect(refused.body).toMatchObject({ success: false, error: 'rate_limited' });
    expect(refused.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    const [{ count }] = await t.app.get(DataSource).query('SELECT count(*) AS count FROM contact_requests');
    expect(count).toBe('2');
  });
});

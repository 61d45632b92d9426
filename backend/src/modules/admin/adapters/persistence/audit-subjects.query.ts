import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditSubjects, subjectKey, type AuditSubject, type AuditSubjectRef } from '../../application/audit-subjects.port';
import { isUuid } from '../../../../kernel/uuid';
import { withoutBidiControls } from '../../../../kernel/bidi-controls';

/**
 * The audit log's subjects, read from the tables of the modules that wrote the entries:
 * subscriptions, users, plans, pricing_tiers, services. Read-only (SELECT), one statement per kind
 * for a whole page, and only here. Like the reports' exports (docs/reports.md, "Why the exports read
 * other modules' tables"), a page of 100 entries asked of each module's services one id at a time
 * would be a hundred calls; if a column read here changes, this file is where to look.
 */
@Injectable()
export class SqlAuditSubjects extends AuditSubjects {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async describe(refs: AuditSubjectRef[]): Promise<Map<string, AuditSubject>> {
    const ids = (entity: string) => [...new Set(refs.filter((r) => r.entity === entity && isUuid(r.entityId)).map((r) => r.entityId.toLowerCase()))];
    const found = new Map<string, AuditSubject>();
    const put = (entity: string, id: string, subject: AuditSubject) => found.set(subjectKey({ entity, entityId: id }), subject);

    const subscriptions = ids('subscription');
    if (subscriptions.length > 0) {
      const rows: Array<{ id: string; order_id: string; plan_name: string; user_id: string; email: string | null; name: string | null }> = await this.dataSource.query(
        `SELECT s.subscription_id AS id, s.order_id, s.plan_name, s.user_id, COALESCE(u.email, NULLIF(s.customer_email, '')) AS email, u.name
           FROM subscriptions s LEFT JOIN users u ON u.user_id = s.user_id
          WHERE s.subscription_id = ANY($1::uuid[])`,
        [subscriptions],
      );
      for (const row of rows) {
        put('subscription', row.id, {
          label: row.order_id,
          orderId: row.order_id,
          userId: row.user_id,
          ...(row.email ? { customerEmail: row.email } : {}),
          // Names stored before they were kept without bidi controls (docs/security.md#text-entered-by-customers).
          ...(row.name ? { customerName: withoutBidiControls(row.name) } : {}),
        });
      }
    }

    const users = ids('user');
    if (users.length > 0) {
      const rows: Array<{ id: string; email: string; name: string }> = await this.dataSource.query(
        'SELECT user_id AS id, email, name FROM users WHERE user_id = ANY($1::uuid[])',
        [users],
      );
      for (const row of rows) put('user', row.id, { label: row.email, userId: row.id, customerEmail: row.email, customerName: withoutBidiControls(row.name) });
    }

    const plans = ids('plan');
    if (plans.length > 0) {
      const rows: Array<{ id: string; name: string }> = await this.dataSource.query('SELECT plan_id AS id, name FROM plans WHERE plan_id = ANY($1::uuid[])', [plans]);
      for (const row of rows) put('plan', row.id, { label: row.name, planId: row.id });
    }

    // A tier: 'pricing' (deleted tiers are gone; their entry's snapshot names them) and 'pricing_tier' (mappings).
    const tiers = [...new Set([...ids('pricing'), ...ids('pricing_tier')])];
    if (tiers.length > 0) {
      const rows: Array<{ id: string; name: string; plan_id: string; plan: string }> = await this.dataSource.query(
        `SELECT t.pricing_id AS id, t.name, t.plan_id, p.name AS plan
           FROM pricing_tiers t JOIN plans p ON p.plan_id = t.plan_id
          WHERE t.pricing_id = ANY($1::uuid[])`,
        [tiers],
      );
      for (const row of rows) {
        const subject = { label: `${row.name} (${row.plan})`, planId: row.plan_id };
        put('pricing', row.id, subject);
        put('pricing_tier', row.id, subject);
      }
    }

    const services = ids('service');
    if (services.length > 0) {
      const rows: Array<{ id: string; heading: string }> = await this.dataSource.query(
        'SELECT service_id AS id, heading FROM services WHERE service_id = ANY($1::uuid[])',
        [services],
      );
      for (const row of rows) put('service', row.id, { label: row.heading });
    }
    return found;
  }
}

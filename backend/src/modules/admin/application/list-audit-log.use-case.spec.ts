import { InMemoryAdmins, RecordingAuditLog } from '../../../../test/admin/in-memory';
import { AuditSubjects, type AuditSubjectRef } from './audit-subjects.port';
import { ListAuditLogUseCase } from './list-audit-log.use-case';

describe('ListAuditLogUseCase', () => {
  it("pages the log newest first with each acting admin's current address (null for a deleted admin)", async () => {
    const admins = new InMemoryAdmins();
    const audit = new RecordingAuditLog();
    const owner = admins.add('owner@shop.example', 'plain$x');
    const gone = admins.add('gone@shop.example', 'plain$x');
    await audit.record({ id: owner.adminId, role: 'admin' }, { action: 'service.create', entity: 'service', entityId: 's-1', after: { serviceHeading: 'YouTube' } });
    await audit.record({ id: gone.adminId, role: 'admin' }, { action: 'plan.delete', entity: 'plan', entityId: 'p-1' });
    await audit.record({ id: owner.adminId, role: 'admin' }, { action: 'admin.password.update', entity: 'admin', entityId: owner.adminId });
    admins.rows.delete(gone.adminId);

    const list = new ListAuditLogUseCase(audit, admins);
    const first = await list.execute(1, 2);
    expect(first).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(first.entries.map((e) => [e.action, e.adminEmail])).toEqual([
      ['admin.password.update', 'owner@shop.example'],
      ['plan.delete', null],
    ]);
    const second = await list.execute(2, 2);
    expect(second.entries.map((e) => [e.action, e.adminEmail, e.after])).toEqual([['service.create', 'owner@shop.example', { serviceHeading: 'YouTube' }]]);
  });
});

describe('ListAuditLogUseCase: filters and subjects', () => {
  class FixedSubjects extends AuditSubjects {
    readonly asked: AuditSubjectRef[][] = [];
    async describe(refs: AuditSubjectRef[]) {
      this.asked.push(refs.map((r) => ({ entity: r.entity, entityId: r.entityId })));
      return new Map([['subscription:sub-1', { label: 'order_A1', orderId: 'order_A1', userId: 'u-1', customerEmail: 'ben@example.com' }]]);
    }
  }

  it('passes the filter on (actor, kind, period) and names each entry’s subject in one call for the page', async () => {
    const admins = new InMemoryAdmins();
    const audit = new RecordingAuditLog();
    const asha = admins.add('asha@shop.example', 'plain$x');
    const other = admins.add('other@shop.example', 'plain$x');
    await audit.record(
      { id: asha.adminId, role: 'admin' },
      { action: 'subscription.status', entity: 'subscription', entityId: 'sub-1', before: { Status: 0 }, after: { Status: 1 } },
    );
    await audit.record({ id: other.adminId, role: 'admin' }, { action: 'subscription.status', entity: 'subscription', entityId: 'sub-2' });
    await audit.record({ id: asha.adminId, role: 'admin' }, { action: 'plan.update', entity: 'plan', entityId: 'p-1' });
    const subjects = new FixedSubjects();
    const list = new ListAuditLogUseCase(audit, admins, subjects);

    const mine = await list.execute(1, 10, { actorId: asha.adminId, kind: 'subscription' });
    expect(mine.total).toBe(1);
    expect(mine.entries.map((e) => [e.action, e.adminEmail, e.subject])).toEqual([
      ['subscription.status', 'asha@shop.example', { label: 'order_A1', orderId: 'order_A1', userId: 'u-1', customerEmail: 'ben@example.com' }],
    ]);
    expect(subjects.asked).toEqual([[{ entity: 'subscription', entityId: 'sub-1' }]]);

    const all = await list.execute(1, 10);
    expect(all.entries.map((e) => [e.entityId, e.subject?.label ?? null])).toEqual([
      ['p-1', null],
      ['sub-2', null], // gone or unnamed: the entry keeps its id
      ['sub-1', 'order_A1'],
    ]);
    expect(subjects.asked).toHaveLength(2); // one call a page, not one an entry

    const later = await list.execute(1, 10, { from: new Date(Date.now() + 60_000) });
    expect(later).toMatchObject({ total: 0, entries: [] });
    expect(subjects.asked).toHaveLength(2); // an empty page asks nothing
  });
});

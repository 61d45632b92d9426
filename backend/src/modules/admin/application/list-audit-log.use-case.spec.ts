import { InMemoryAdmins, RecordingAuditLog } from '../../../../test/admin/in-memory';
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

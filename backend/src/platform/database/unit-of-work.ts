import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type EntityTarget, type ObjectLiteral, type Repository } from 'typeorm';

/**
 * One database transaction that spans repositories of several modules, without handing an
 * EntityManager through use cases: `run(work)` opens a transaction and every repository that asks
 * `repository(Entity)` inside `work` (same async context) gets that transaction's repository.
 * Outside `run` it gets the DataSource's. Nested `run` calls join the outer transaction.
 *
 * `afterCommit(fn)` runs `fn` once the surrounding transaction has committed (never after a
 * rollback), or at once outside `run`: for work that must only follow stored data, such as nudging
 * the mail outbox relay.
 *
 * On the embedded database this matters twice: PGlite has one session, which the transaction holds
 * until it ends (see pglite-driver), so a repository that used the plain DataSource inside `work`
 * would wait for the transaction that waits for it.
 */
@Injectable()
export class UnitOfWork {
  private readonly current = new AsyncLocalStorage<{ manager: EntityManager; afterCommit: Array<() => void> }>();

  constructor(private readonly dataSource: DataSource) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.current.getStore()) return work();
    const afterCommit: Array<() => void> = [];
    const result = await this.dataSource.transaction((manager) => this.current.run({ manager, afterCommit }, work));
    for (const callback of afterCommit) callback();
    return result;
  }

  afterCommit(callback: () => void): void {
    const store = this.current.getStore();
    if (store) store.afterCommit.push(callback);
    else callback();
  }

  manager(): EntityManager {
    return this.current.getStore()?.manager ?? this.dataSource.manager;
  }

  repository<E extends ObjectLiteral>(entity: EntityTarget<E>): Repository<E> {
    return this.manager().getRepository(entity);
  }
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type EntityTarget, type ObjectLiteral, type Repository } from 'typeorm';

/**
 * One database transaction that spans repositories of several modules, without handing an
 * EntityManager through use cases: `run(work)` opens a transaction and every repository that asks
 * `repository(Entity)` inside `work` (same async context) gets that transaction's repository.
 * Outside `run` it gets the DataSource's. Nested `run` calls join the outer transaction.
 *
 * On the embedded database this matters twice: PGlite has one session, which the transaction holds
 * until it ends (see pglite-driver), so a repository that used the plain DataSource inside `work`
 * would wait for the transaction that waits for it.
 */
@Injectable()
export class UnitOfWork {
  private readonly current = new AsyncLocalStorage<EntityManager>();

  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.current.getStore()) return work();
    return this.dataSource.transaction((manager) => this.current.run(manager, work));
  }

  manager(): EntityManager {
    return this.current.getStore() ?? this.dataSource.manager;
  }

  repository<E extends ObjectLiteral>(entity: EntityTarget<E>): Repository<E> {
    return this.manager().getRepository(entity);
  }
}

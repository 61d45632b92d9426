import type { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

/**
 * Plain SQL for an entity's hottest statements, with TypeORM's own mapping of its columns.
 *
 * Why: for a statement of a few microseconds in PostgreSQL, TypeORM's query builder spends far
 * longer building the SQL (it rewrites property names in the whole statement with regular
 * expressions) and turning the rows into entities than the database spends running it; in a first
 * payment verification, a quarter of the server's CPU (docs/operations.md#payments). Here the column
 * list is built once per entity, and rows are hydrated by the driver's own `prepareHydratedValue`
 * (types and column transformers, as TypeORM does), so the entity that comes back is the one
 * `findOneBy` would give.
 *
 * For statements on one table whose shape is known; everything else stays with TypeORM.
 */
export class EntitySql<E extends ObjectLiteral> {
  /** The table's name, quoted. */
  readonly table: string;
  private readonly columns: readonly ColumnMetadata[];
  private readonly lists = new Map<string, string>();

  constructor(private readonly metadata: EntityMetadata) {
    this.table = quote(metadata.tablePath);
    this.columns = metadata.columns;
  }

  /**
   * Every column, for a SELECT or RETURNING list: `"order_id", …`, or with an alias `"o"."order_id"
   * AS "o_order_id", …` (for a join: each table's columns keep apart).
   */
  columnList(alias?: string): string {
    const key = alias ?? '';
    let list = this.lists.get(key);
    if (list === undefined) {
      list = this.columns
        .map((column) => (alias ? `${quote(alias)}.${quote(column.databaseName)} AS ${quote(`${alias}_${column.databaseName}`)}` : quote(column.databaseName)))
        .join(', ');
      this.lists.set(key, list);
    }
    return list;
  }

  /** `SELECT <every column> FROM <table> <rest>` (a WHERE, an ORDER BY, a FOR UPDATE), as entities. */
  async select(manager: EntityManager, rest: string, params: unknown[]): Promise<E[]> {
    const rows = (await manager.query(`SELECT ${this.columnList()} FROM ${this.table} ${rest}`, params)) as Array<Record<string, unknown>>;
    return rows.map((row) => this.hydrate(manager, row) as E);
  }

  /** The entity of a row read with `columnList(alias)`; null when the row has none (an outer join's missing side). */
  hydrate(manager: EntityManager, row: Record<string, unknown>, alias?: string): E | null {
    const prefix = alias ? `${alias}_` : '';
    const primary = this.metadata.primaryColumns[0];
    if (primary && row[prefix + primary.databaseName] == null) return null;
    const entity = this.metadata.create() as E;
    const driver = manager.connection.driver;
    for (const column of this.columns) {
      column.setEntityValue(entity, driver.prepareHydratedValue(row[prefix + column.databaseName], column));
    }
    return entity;
  }

  /**
   * `INSERT INTO <table> (<the given properties' columns>) VALUES (…)` with each value prepared as
   * TypeORM would store it (JSON for jsonb, transformers); `suffix` follows (ON CONFLICT, RETURNING).
   * Columns left out get their database defaults.
   */
  insert(manager: EntityManager, values: Partial<E>, suffix: string): { sql: string; params: unknown[] } {
    const driver = manager.connection.driver;
    const names: string[] = [];
    const params: unknown[] = [];
    for (const [property, value] of Object.entries(values)) {
      if (value === undefined) continue;
      const column = this.metadata.findColumnWithPropertyName(property);
      if (!column) throw new Error(`${this.metadata.name} has no column for ${property}`);
      names.push(quote(column.databaseName));
      params.push(driver.preparePersistentValue(value, column));
    }
    const placeholders = params.map((_, index) => `$${index + 1}`).join(', ');
    return { sql: `INSERT INTO ${this.table} (${names.join(', ')}) VALUES (${placeholders}) ${suffix}`, params };
  }
}

const known = new WeakMap<EntityMetadata, EntitySql<ObjectLiteral>>();

/** The EntitySql of `entity` on `manager`'s connection, built once. */
export function entitySql<E extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<E>): EntitySql<E> {
  const metadata = manager.connection.getMetadata(entity);
  let sql = known.get(metadata);
  if (!sql) {
    sql = new EntitySql<ObjectLiteral>(metadata);
    known.set(metadata, sql);
  }
  return sql as EntitySql<E>;
}

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

import type pg from 'pg';
import type { SqlRunner } from '../sql-runner.js';

const numbered = new Map<string, string>();

/** `?` placeholders as PostgreSQL numbers them ($1, $2…); a statement already numbered has none to change. */
function numberPlaceholders(sql: string): string {
  let text = numbered.get(sql);
  if (text === undefined) {
    let n = 0;
    text = sql.replace(/\?/g, () => `$${++n}`);
    numbered.set(sql, text);
  }
  return text;
}

/** A pool, or one connection inside a transaction, behind the SqlRunner port. */
export class PostgresRunner implements SqlRunner {
  constructor(private readonly db: pg.Pool | pg.PoolClient) {}

  async all<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    return (await this.db.query(numberPlaceholders(sql), [...params])).rows as Row[];
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<number> {
    return (await this.db.query(numberPlaceholders(sql), [...params])).rowCount ?? 0;
  }
}

import type Database from 'better-sqlite3';
import type { SqlRunner } from '../sql-runner.js';

/** better-sqlite3 behind the SqlRunner port, every statement prepared once. */
export class SqliteRunner implements SqlRunner {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {}

  /** The statement for `sql`, prepared the first time: preparing one costs about as much as running it. */
  prepare<Row = unknown>(sql: string): Database.Statement<unknown[], Row> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement as Database.Statement<unknown[], Row>;
  }

  async all<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    return this.prepare<Row>(sql).all(...params);
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<number> {
    return this.prepare(sql).run(...params).changes;
  }
}

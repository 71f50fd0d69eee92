/**
 * What the shared half of the SQL stores asks of a database: run a statement with `?`
 * placeholders, in order. SQLite runs it as written; PostgreSQL's runner numbers them ($1, $2…).
 */
export interface SqlRunner {
  /** The rows a statement returns (a SELECT, or a write with RETURNING). */
  all<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** How many rows a write changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
}

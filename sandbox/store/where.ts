// WHERE clauses built condition by condition, with their parameters kept in step.

/** Conditions joined with AND, and the values for their placeholders. */
export class WhereBuilder {
  private readonly clauses: string[] = [];
  readonly params: unknown[] = [];

  constructor(clause: string, ...params: unknown[]) {
    this.add(clause, ...params);
  }

  /** Adds a condition and the values of its placeholders. */
  add(clause: string, ...params: unknown[]): this {
    this.clauses.push(clause);
    this.params.push(...params);
    return this;
  }

  /** The conditions as SQL. */
  get sql(): string {
    return this.clauses.join(' AND ');
  }
}

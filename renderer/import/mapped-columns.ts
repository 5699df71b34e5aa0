// The columns being imported (not ignored): the grid shows their cells, and held rows keep them.
import type { ColumnTarget } from './matching';

/** The mapped columns of the current targets, worked out once per set of targets. */
export class MappedColumns {
  private mapped: { targets: readonly ColumnTarget[]; columns: number[] } | null = null;

  /** The columns these targets import (by position), the same array while the targets are the same. */
  of(targets: readonly ColumnTarget[]): number[] {
    if (this.mapped?.targets !== targets)
      this.mapped = {
        targets,
        columns: targets.flatMap((target, column) => (target.kind === 'ignore' ? [] : [column])),
      };
    return this.mapped.columns;
  }
}

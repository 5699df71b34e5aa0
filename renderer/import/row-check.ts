// The result of checking one row on its own, shared by the check and the resolution against guests on file.

/** One row's own check: what would be sent, and each cell's problem or note (by column; ROW for the row). */
export interface RowCheck {
  contact: Record<string, string>;
  categories: readonly string[];
  problems: Record<number, string>;
  notes: Record<number, string>;
  /** The value sent, by column, where it differs from the cell (a date rewritten, a mobile in E.164). */
  shown: Record<number, string>;
  emailKey: string | null;
  /** E.164 digits without +, as the guest cache indexes mobiles. */
  mobileKey: string | null;
}

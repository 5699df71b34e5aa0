/** The import grid's row height (px): the virtualiser's estimate and every row's. */
export const GRID_ROW_HEIGHT = 34;
/** The import grid's column widths (px). */
export const GRID_WIDTHS = { select: 36, line: 64, status: 380, cell: 190 };

import './run-sheet.css';
import { useVenueFormat } from '../../../hooks/useVenueFormat';
import type { RunSheet as Sheet } from './run-sheet';

/** The day's run sheet on paper: the day, its totals, and each slot's covers over its bookings in time order. */
export function RunSheet({ date, sheet, printedAt }: { date: string; sheet: Sheet; printedAt: Date }) {
  const format = useVenueFormat();
  const covers = (count: number) => `${format.number(count)} ${count === 1 ? 'cover' : 'covers'}`;
  return (
    <article className="run-sheet" aria-label="Run sheet">
      <h1>Bookings · {format.longDate(date)}</h1>
      <p className="run-sheet-facts">
        {covers(sheet.covers)} · {format.number(sheet.bookings)} {sheet.bookings === 1 ? 'booking' : 'bookings'}
        {sheet.cancelled > 0 ? ` · ${format.number(sheet.cancelled)} cancelled, not listed` : ''} · printed{' '}
        {format.dateTime(printedAt)}
      </p>
      {sheet.slots.length === 0 ? (
        <p>No bookings for this day.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Time</th>
              <th className="run-sheet-guest">Guest</th>
              <th className="run-sheet-party">Party</th>
              <th>Status</th>
              {sheet.areaLabel && <th>{sheet.areaLabel}</th>}
              <th>Phone</th>
              <th>Notes</th>
            </tr>
          </thead>
          {sheet.slots.map((slot) => (
            <tbody key={slot.slot}>
              <tr className="run-sheet-slot">
                <th colSpan={sheet.areaLabel ? 7 : 6}>
                  {format.time(slot.slot)} · {covers(slot.covers)}
                </th>
              </tr>
              {slot.lines.map((line) => (
                <tr key={line.id}>
                  <td className="run-sheet-nowrap">{format.time(line.time)}</td>
                  <td className="run-sheet-guest">{line.guest}</td>
                  <td className="run-sheet-party">{format.number(line.party)}</td>
                  <td className="run-sheet-nowrap">{line.status}</td>
                  {sheet.areaLabel && <td>{line.area}</td>}
                  <td className="run-sheet-nowrap">{format.phone(line.phone)}</td>
                  <td>{line.notes}</td>
                </tr>
              ))}
            </tbody>
          ))}
          <tfoot>
            <tr>
              <th colSpan={sheet.areaLabel ? 7 : 6}>
                Day total: {covers(sheet.covers)} in {format.number(sheet.bookings)}{' '}
                {sheet.bookings === 1 ? 'booking' : 'bookings'}
              </th>
            </tr>
          </tfoot>
        </table>
      )}
    </article>
  );
}

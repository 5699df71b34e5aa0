import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { memo, useEffect, useMemo, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { printPage } from '../../../bridge/print-page';
import type { BookingFieldRow } from '../../../db/tables/reservations';
import { useStableHandler } from '../../../hooks/useStableHandler';
import { useStatus } from '../../../stores/status';
import { runSheetOf, type RunSheetBooking } from './run-sheet';
import { RunSheet } from './RunSheet';

/**
 * "Print" for the day shown: the day's run sheet is in the page for print only (so the browser's own
 * print, or Ctrl+P, prints it too), and the buttons print it through the desk: the system's print
 * dialog or a PDF file in Electron, the browser's print in browser mode.
 */
export function PrintDay({
  date,
  bookings,
  fields,
}: {
  date: string;
  bookings: readonly RunSheetBooking[];
  fields: readonly BookingFieldRow[];
}) {
  const electron = useStatus((state) => state.mode === 'electron');
  // The run sheet is drawn only while a print is under way, so the day view does no work for paper.
  const [printedAt, setPrintedAt] = useState<Date | null>(null);
  const [busy, setBusy] = useState(false);
  const sheet = useMemo(() => (printedAt ? runSheetOf(bookings, fields) : null), [printedAt, bookings, fields]);
  // However printing starts (these buttons, Ctrl+P, the browser's menu), the sheet is in the page before
  // the print is laid out, and says when it was printed.
  useEffect(() => {
    const start = () => flushSync(() => setPrintedAt(new Date()));
    const end = () => setPrintedAt(null);
    window.addEventListener('beforeprint', start);
    window.addEventListener('afterprint', end);
    return () => {
      window.removeEventListener('beforeprint', start);
      window.removeEventListener('afterprint', end);
    };
  }, []);
  const print = async (to: 'printer' | 'pdf') => {
    setBusy(true);
    // Electron's own print and PDF need not fire beforeprint: the sheet goes in first.
    flushSync(() => setPrintedAt(new Date()));
    try {
      const { done, message } = await printPage(to, `Bookings ${date}`);
      if (message) notifications.show({ color: done ? 'teal' : 'red', message });
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
      setPrintedAt(null);
    }
  };
  // The buttons keep one handler, which prints the day shown now (they are not drawn again with each day).
  const onPrint = useStableHandler(print);
  return (
    <>
      <PrintButtons electron={electron} busy={busy} onPrint={onPrint} />
      {sheet &&
        printedAt &&
        createPortal(
          <div className="run-sheet-print">
            <RunSheet date={date} sheet={sheet} printedAt={printedAt} />
          </div>,
          document.body,
        )}
    </>
  );
}

/** Print (and, in Electron, Save as PDF). */
const PrintButtons = memo(function PrintButtons({
  electron,
  busy,
  onPrint,
}: {
  electron: boolean;
  busy: boolean;
  onPrint: (to: 'printer' | 'pdf') => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Button variant="default" onClick={() => onPrint('printer')} loading={busy}>
        Print
      </Button>
      {electron && (
        <Button variant="default" onClick={() => onPrint('pdf')} disabled={busy}>
          Save as PDF
        </Button>
      )}
    </Group>
  );
});

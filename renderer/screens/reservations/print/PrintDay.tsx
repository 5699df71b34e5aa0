import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { printPage } from '../../../bridge/print-page';
import type { BookingFieldRow } from '../../../db/tables/reservations';
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
  const [printedAt, setPrintedAt] = useState(() => new Date());
  const [busy, setBusy] = useState(false);
  const sheet = useMemo(() => runSheetOf(bookings, fields), [bookings, fields]);
  // The sheet says when it was printed, however printing was started (these buttons, Ctrl+P, the browser's menu).
  useEffect(() => {
    const stamp = () => flushSync(() => setPrintedAt(new Date()));
    window.addEventListener('beforeprint', stamp);
    return () => window.removeEventListener('beforeprint', stamp);
  }, []);
  const print = async (to: 'printer' | 'pdf') => {
    setBusy(true);
    try {
      const { done, message } = await printPage(to, `Bookings ${date}`);
      if (message) notifications.show({ color: done ? 'teal' : 'red', message });
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Group gap={4} wrap="nowrap">
        <Button variant="default" onClick={() => void print('printer')} loading={busy}>
          Print
        </Button>
        {electron && (
          <Button variant="default" onClick={() => void print('pdf')} disabled={busy}>
            Save as PDF
          </Button>
        )}
      </Group>
      {createPortal(
        <div className="run-sheet-print">
          <RunSheet date={date} sheet={sheet} printedAt={printedAt} />
        </div>,
        document.body,
      )}
    </>
  );
}

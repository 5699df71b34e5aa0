import { CollectionSyncBar } from '../../components/CollectionSyncBar';
import { useGuests } from '../../stores/guests';
import { useReservations } from '../../stores/reservations';

/** The bookings' sync bar. "Sync now" syncs the guests too: a booking shows its guest (and replies) from the guest cache. */
export function BookingSyncBar() {
  const status = useReservations((state) => state.status);
  const sync = useReservations((state) => state.sync);
  const guests = useGuests((state) => state.cache?.sync);
  return (
    <CollectionSyncBar
      label="booking sync"
      progressLabel="booking sync progress"
      status={status}
      words={{
        things: 'Bookings',
        downloading: 'Downloading bookings from the service…',
        checking: 'Checking for changed bookings…',
        stillWorks: 'The book still works on what is here.',
      }}
      onSync={sync && (() => (void sync.run(), void guests?.run()))}
      onFullRefresh={sync && (() => void sync.run('full'))}
    />
  );
}

import { CollectionSyncBar } from '../../components/CollectionSyncBar';
import { useGuests } from '../../stores/guests';

/** The guests' sync bar (sent items and SMS replies come with the guests). */
export function SyncBar() {
  const cache = useGuests((state) => state.cache);
  const status = useGuests((state) => state.status);
  if (!cache) return null;
  return (
    <CollectionSyncBar
      label="guest sync"
      progressLabel="sync progress"
      status={status}
      words={{
        things: 'Guests',
        downloading: 'Downloading the guest list from the service…',
        checking: 'Checking for changes…',
        stillWorks: 'Search still works on what is here.',
      }}
      onSync={() => void cache.sync.run()}
      onFullRefresh={() => void cache.sync.run('full')}
    />
  );
}

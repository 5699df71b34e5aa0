import { Button, Collapse, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatServiceDateTime } from '../../../shared/rules/datetime';
import { validatePurchaseItem } from '../../../shared/rules/purchase';
import { getDesk } from '../../bridge/desk';
import { VenueDateTimeInput } from '../../components/VenueDateTimeInput';
import { useDeskAction } from '../../hooks/useDeskAction';
import { useVenueFormat } from '../../hooks/useVenueFormat';
import { useAccount } from '../../stores/account';
import { clearDraft, guestDraftId, useDraft } from '../../stores/guests-drafts';
import { addPurchase } from '../../stores/guests-writes';
import { FormFooter } from './FormFooter';
import type { GuestProfileData } from './useGuestProfile';

const MORE_FIELDS = [
  ['item_cat', 'Category'],
  ['item_dep', 'Department'],
  ['item_store', 'Store or location'],
  ['item_brand', 'Brand'],
  ['item_code', 'Item code'],
  ['item_adj', 'Adjustment'],
  ['tx_id', 'Transaction id (the desk makes one when blank)'],
] as const;

type PurchaseDraft = Record<string, string>;

/** Adds a purchase for the guest: description, price, quantity 1 and the time now by default, the service's checks; through the outbox. */
export function PurchaseForm({ profile }: { profile: GuestProfileData }) {
  const timeZone = useAccount((state) => state.account?.timeZone ?? 'UTC');
  const format = useVenueFormat();
  const [openedAt] = useState(() => formatServiceDateTime(new Date(), timeZone));
  const draftId = guestDraftId('purchase', profile.row);
  const [draft, update] = useDraft<PurchaseDraft>(draftId, {
    item_desc: '',
    price: '',
    item_qty: '1',
    purchased_at: openedAt,
  });
  const [more, setMore] = useState(false);
  const action = useDeskAction(
    async () => {
      const item = Object.fromEntries(Object.entries(draft).filter(([, value]) => value.trim() !== ''));
      const problem = validatePurchaseItem(item);
      if (problem) throw new Error(problem);
      const price = Number(item.price);
      const summary = `${item.item_desc} × ${item.item_qty ?? '1'}, ${Number.isFinite(price) ? format.money(price) : item.price}`;
      await addPurchase(getDesk(), profile.row.key, item, summary);
      clearDraft(draftId);
      return `Purchase queued: ${summary}.`;
    },
    (message) => message,
  );

  const input = (field: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      key={field}
      label={label}
      value={draft[field] ?? ''}
      onChange={(event) => update({ [field]: event.currentTarget.value })}
      {...extra}
    />
  );

  return (
    <form onSubmit={(event) => (event.preventDefault(), void action.run())} aria-label="add purchase">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="xs">
          {input('item_desc', 'Description', { withAsterisk: true, 'data-autofocus': true })}
          {input('price', 'Total price', { withAsterisk: true, inputMode: 'decimal' })}
          {input('item_qty', 'Quantity', { inputMode: 'numeric' })}
          <VenueDateTimeInput
            label={`Purchased at (${timeZone})`}
            value={(draft.purchased_at ?? '').replace(' ', 'T').slice(0, 16)}
            onChange={(at) => update({ purchased_at: at ? `${at.replace('T', ' ')}:00` : '' })}
          />
        </SimpleGrid>
        <Button variant="subtle" size="xs" w="fit-content" onClick={() => setMore((open) => !open)}>
          {more ? 'Fewer details' : 'More details'}
        </Button>
        <Collapse expanded={more}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="xs">
            {MORE_FIELDS.map(([field, label]) => input(field, label))}
          </SimpleGrid>
        </Collapse>
        <FormFooter error={action.error} busy={action.busy} submitLabel="Add purchase" />
      </Stack>
    </form>
  );
}

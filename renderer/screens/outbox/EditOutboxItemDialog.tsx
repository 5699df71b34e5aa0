import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { getDesk } from '../../bridge/desk';
import { useDeskAction } from '../../hooks/useDeskAction';
import type { OutboxItem } from '../../stores/outbox';
import { patchOutboxList } from '../../stores/outbox-list';
import { fieldLabel } from '../guests/field-labels';

/** Fields staff may change on each editable kind; long text gets a text area. */
const EDITABLE_FIELDS: Partial<Record<OutboxItem['kind'], Array<{ key: string; label: string; long?: boolean }>>> = {
  sms: [
    { key: 'from', label: 'Sender' },
    { key: 'to', label: 'Mobile' },
    { key: 'message', label: 'Message', long: true },
  ],
  email: [
    { key: 'to_name', label: 'Guest name' },
    { key: 'to_email', label: 'Guest email' },
    { key: 'from_name', label: 'Sender name' },
    { key: 'from_email', label: 'Sender email' },
    { key: 'subject', label: 'Subject' },
    { key: 'html', label: 'Message', long: true },
  ],
};

/** Edits a queued message or contact; the desk validates it again before it is queued anew. */
export function EditOutboxItemDialog({ item, onClose }: { item: OutboxItem | null; onClose: () => void }) {
  return (
    <Modal opened={item !== null} onClose={onClose} title="Edit before sending" size="lg">
      {item && <EditForm key={item.id} item={item} onDone={onClose} />}
    </Modal>
  );
}

/** The form inside the dialog: one input per editable field, or per contact field for a guest. */
function EditForm({ item, onDone }: { item: OutboxItem; onDone: () => void }) {
  const fields =
    EDITABLE_FIELDS[item.kind] ??
    Object.entries(item.payload)
      .filter(([key, value]) => typeof value === 'string' && !['client_id', 'contact_id'].includes(key))
      .map(([key]) => ({ key, label: fieldLabel(key), long: false }));
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map(({ key }) => [key, String(item.payload[key] ?? '')])),
  );
  const save = useDeskAction(
    () =>
      getDesk()
        .editOutboxItem({ id: item.id, payload: { ...item.payload, ...values } })
        .then((view) => (patchOutboxList([view], []), view)),
    'Saved; it will be sent again.',
  );
  const submit = async () => {
    if (await save.run()) onDone();
  };
  return (
    <form onSubmit={(event) => (event.preventDefault(), void submit())}>
      <Stack gap="xs">
        {fields.map(({ key, label, long }) => {
          const props = {
            key,
            label,
            value: values[key] ?? '',
            onChange: (e: { currentTarget: { value: string } }) =>
              setValues({ ...values, [key]: e.currentTarget.value }),
          };
          return long ? <Textarea {...props} autosize minRows={3} /> : <TextInput {...props} />;
        })}
        {save.error && (
          <Alert color="red" role="alert">
            {save.error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.busy}>
            Save and send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

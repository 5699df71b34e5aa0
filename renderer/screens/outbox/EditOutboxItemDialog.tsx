import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { RequestOf } from '../../../shared/bridge/contract';
import { getDesk } from '../../bridge/desk';
import { useDeskAction } from '../../hooks/useDeskAction';
import type { OutboxItem } from '../../stores/outbox';
import { patchOutboxList } from '../../stores/outbox-list';
import { fieldLabel } from '../guests/field-labels';
import { ErrorAlert } from '../../components/ErrorAlert';

/** A field staff may change, with its label; long text gets a text area. */
interface EditableField {
  key: string;
  label: string;
  long?: boolean;
}

const SMS_FIELDS: EditableField[] = [
  { key: 'from', label: 'Sender' },
  { key: 'to', label: 'Mobile' },
  { key: 'message', label: 'Message', long: true },
];
const EMAIL_FIELDS: EditableField[] = [
  { key: 'to_name', label: 'Guest name' },
  { key: 'to_email', label: 'Guest email' },
  { key: 'from_name', label: 'Sender name' },
  { key: 'from_email', label: 'Sender email' },
  { key: 'subject', label: 'Subject' },
  { key: 'html', label: 'Message', long: true },
];

/** The entries staff may edit: messages and guests (the kinds whose spec says editable). */
type EditableItem = Extract<OutboxItem, { kind: 'sms' | 'email' | 'push_contact' }>;

/** Whether the dialog can edit an entry. */
function isEditable(item: OutboxItem): item is EditableItem {
  return item.kind === 'sms' || item.kind === 'email' || item.kind === 'push_contact';
}

/** The fields of an entry staff may change: a message's own, or a guest's text fields. */
function fieldsOf(item: EditableItem): EditableField[] {
  if (item.kind === 'sms') return SMS_FIELDS;
  if (item.kind === 'email') return EMAIL_FIELDS;
  return Object.entries(item.payload)
    .filter(([key, value]) => typeof value === 'string' && !['client_id', 'contact_id'].includes(key))
    .map(([key]) => ({ key, label: fieldLabel(key) }));
}

/** The entry's payload with the typed values, as the kind it is (the desk checks it again). */
function editOf(item: EditableItem, values: Record<string, string>): RequestOf<'editOutboxItem'>['edit'] {
  if (item.kind === 'sms') return { kind: 'sms', payload: { ...item.payload, ...values } };
  if (item.kind === 'email') return { kind: 'email', payload: { ...item.payload, ...values } };
  return { kind: 'push_contact', payload: { ...item.payload, ...values } };
}

/** Edits a queued message or contact; the desk validates it again before it is queued anew. */
export function EditOutboxItemDialog({ item, onClose }: { item: OutboxItem | null; onClose: () => void }) {
  return (
    <Modal opened={item !== null} onClose={onClose} title="Edit before sending" size="lg">
      {item && isEditable(item) && <EditForm key={item.id} item={item} onDone={onClose} />}
    </Modal>
  );
}

/** The form inside the dialog: one input per editable field, or per contact field for a guest. */
function EditForm({ item, onDone }: { item: EditableItem; onDone: () => void }) {
  const fields = fieldsOf(item);
  const [values, setValues] = useState<Record<string, string>>(() => {
    const payload: Record<string, unknown> = item.payload;
    return Object.fromEntries(fields.map(({ key }) => [key, String(payload[key] ?? '')]));
  });
  const save = useDeskAction(
    () =>
      getDesk()
        .editOutboxItem({ id: item.id, edit: editOf(item, values) })
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
        <ErrorAlert error={save.error} />
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

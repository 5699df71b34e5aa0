import { Button, Checkbox, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { DetailChange } from '../../shared/rules/contact-identity';
import { fieldLabel } from '../screens/guests/field-labels';
import { ErrorAlert } from './ErrorAlert';

/** What the dialog needs: whose record, what would change, and what to do with the fields chosen. */
export interface AddDetailsDialogProps {
  opened: boolean;
  guestName: string;
  changes: DetailChange[];
  busy: boolean;
  error: string | null;
  onConfirm: (fields: string[]) => void;
  onClose: () => void;
}

/**
 * Shows field by field what adding a new guest's details to a guest already on file would change,
 * each with a tick to keep or leave out; empty values are never listed, so nothing is blanked.
 */
export function AddDetailsDialog(props: AddDetailsDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Add these details to ${props.guestName}?`} size="lg">
      {props.opened && <AddDetailsForm key={props.changes.map((change) => change.field).join()} {...props} />}
    </Modal>
  );
}

/** The table of changes with its ticks, and the confirm button. */
function AddDetailsForm({ guestName, changes, busy, error, onConfirm, onClose }: AddDetailsDialogProps) {
  const [chosen, setChosen] = useState<string[]>(() => changes.map((change) => change.field));
  const toggle = (field: string, on: boolean) =>
    setChosen((current) => (on ? [...current, field] : current.filter((name) => name !== field)));
  return (
    <Stack gap="sm">
      {changes.length === 0 ? (
        <Text size="sm">
          {guestName} already has all these details. Nothing on their record changes; this entry is linked to them.
        </Text>
      ) : (
        <>
          <Text size="sm">These fields of {guestName} would change. Untick any you want to leave as they are.</Text>
          <Table aria-label="changes to the guest" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>Field</Table.Th>
                <Table.Th>Now</Table.Th>
                <Table.Th>Would become</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changes.map((change) => (
                <Table.Tr key={change.field}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Change ${fieldLabel(change.field)}`}
                      checked={chosen.includes(change.field)}
                      onChange={(event) => toggle(change.field, event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>{change.field === 'svc_categories' ? 'Categories' : fieldLabel(change.field)}</Table.Td>
                  <Table.Td c={change.from ? undefined : 'dimmed'}>{change.from || '(empty)'}</Table.Td>
                  <Table.Td>{change.to}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
      <ErrorAlert error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => onConfirm(chosen)} loading={busy}>{`Add to ${guestName}`}</Button>
      </Group>
    </Stack>
  );
}

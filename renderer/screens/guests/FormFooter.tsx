import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';

/** The foot of a guest form: why the last try failed (what was typed stays above), other actions, and the submit button. */
export function FormFooter({
  error,
  busy,
  submitLabel,
  disabled,
  children,
}: {
  error: string | null;
  busy: boolean;
  submitLabel: string;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <ErrorAlert error={error} />
      <Group justify="flex-end">
        {children}
        <Button type="submit" loading={busy} disabled={disabled}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}

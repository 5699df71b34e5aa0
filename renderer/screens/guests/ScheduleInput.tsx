import { Checkbox, Group, Text, TextInput } from '@mantine/core';
import type { ScheduleDraft } from './useSchedule';

/** An optional send time, typed in the account's time zone (the service reads times without a zone in it). */
export function ScheduleInput({
  schedule,
  timeZone,
  error,
  onChange,
}: {
  schedule: ScheduleDraft;
  timeZone: string;
  error?: string;
  onChange: (patch: Partial<ScheduleDraft>) => void;
}) {
  return (
    <Group align="flex-end" gap="sm">
      <Checkbox
        label="Send later"
        checked={schedule.scheduled}
        onChange={(event) => onChange({ scheduled: event.currentTarget.checked })}
      />
      {schedule.scheduled && (
        <TextInput
          type="datetime-local"
          label={`Send at (${timeZone} time)`}
          value={schedule.sendAt}
          onChange={(event) => onChange({ sendAt: event.currentTarget.value })}
          error={error}
        />
      )}
      {!schedule.scheduled && (
        <Text size="xs" c="dimmed">
          Goes out as soon as the line allows.
        </Text>
      )}
    </Group>
  );
}

import { Checkbox, Group, Text } from '@mantine/core';
import { VenueDateTimeInput } from '../../components/VenueDateTimeInput';
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
        <VenueDateTimeInput
          label={`Send at (${timeZone} time)`}
          value={schedule.sendAt}
          onChange={(sendAt) => onChange({ sendAt })}
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

import { Group, Input } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useVenueFormat } from '../hooks/useVenueFormat';
import { VenueDateInput } from './VenueDateInput';

/**
 * A wall date and time on the venue's clock (a schedule typed in the account's zone): the date in the
 * venue's order, the time on its 12- or 24-hour clock. The value is `YYYY-MM-DDTHH:MM` (what a
 * datetime-local input gives), or '' until both parts are there.
 */
export function VenueDateTimeInput({
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  /** Names the pair (a group) for screen readers too: "Send at (Australia/Sydney time)". */
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  disabled?: boolean;
}) {
  const format = useVenueFormat();
  const labelId = useId();
  const [date, setDate] = useState(() => value.slice(0, 10));
  const [time, setTime] = useState(() => value.slice(11, 16));
  const composed = date && time ? `${date}T${time.slice(0, 5)}` : '';
  // A value set from outside (a draft restored, a form cleared) replaces what is in the two boxes.
  useEffect(() => {
    if (value !== composed) {
      setDate(value.slice(0, 10));
      setTime(value.slice(11, 16));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new value from outside resets the boxes
  }, [value]);
  const change = (nextDate: string, nextTime: string) => {
    setDate(nextDate);
    setTime(nextTime);
    onChange(nextDate && nextTime ? `${nextDate}T${nextTime.slice(0, 5)}` : '');
  };
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      error={error}
      role="group"
      aria-labelledby={labelId}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <VenueDateInput
          aria-label="Date"
          value={date}
          onChange={(next) => change(next, time)}
          disabled={disabled}
          w={150}
          error={Boolean(error)}
        />
        <TimePicker
          aria-label="Time"
          hoursInputLabel="Hours"
          minutesInputLabel="Minutes"
          amPmInputLabel="am or pm"
          format={format.clock.hour12 ? '12h' : '24h'}
          amPmLabels={{ am: format.clock.am, pm: format.clock.pm }}
          value={time}
          onChange={(next) => change(date, next)}
          disabled={disabled}
          error={Boolean(error)}
          w={format.clock.hour12 ? 140 : 110}
        />
      </Group>
    </Input.Wrapper>
  );
}

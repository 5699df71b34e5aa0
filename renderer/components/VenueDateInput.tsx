import { DateInput, type DateInputProps } from '@mantine/dates';
import { useVenueFormat } from '../hooks/useVenueFormat';

/** Props of a date typed in the venue's order; the value is `YYYY-MM-DD`, or '' when empty or not a real date. */
export type VenueDateInputProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  value: string;
  onChange: (value: string) => void;
};

/**
 * A date as the venue writes it (25/11/2026 in Australia, 11/25/2026 in the US), typed or picked:
 * shown and read through the venue's formats (shared/format/venue-format.ts), never the browser's locale.
 */
export function VenueDateInput({ value, onChange, ...props }: VenueDateInputProps) {
  const format = useVenueFormat();
  return (
    <DateInput
      {...props}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={(date) => format.date(date.slice(0, 10))}
      dateParser={(typed) => format.readDate(typed)}
      placeholder={props.placeholder ?? format.date('2026-11-25')}
      firstDayOfWeek={1}
    />
  );
}

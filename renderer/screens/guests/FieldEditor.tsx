import { Checkbox, Group, Input, SegmentedControl, Select, Text, TextInput, Textarea } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { VenueDateInput } from '../../components/VenueDateInput';
import { VenueDateTimeInput } from '../../components/VenueDateTimeInput';
import type { FieldRow } from '../../db/guest-types';
import { useVenueFormat } from '../../hooks/useVenueFormat';

/** What an editor needs: the field, its value as the input holds it, and any error. */
export interface FieldEditorProps {
  field: Pick<FieldRow, 'name' | 'type' | 'options'>;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** An editor fit for the field's type (reference 2.3): text, number, date, time, datetime, selects, bool, Sex. */
export function FieldEditor({ field, label, value, onChange, error }: FieldEditorProps) {
  const format = useVenueFormat();
  const common = { label, error, 'aria-label': label };
  switch (field.type) {
    case 'text':
      return (
        <Textarea
          {...common}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
        />
      );
    case 'number':
      return (
        <TextInput {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)} inputMode="decimal" />
      );
    // Dates and times in the venue's order and on its clock (shared/format/venue-format.ts); the service's forms underneath.
    case 'date':
      return <VenueDateInput {...common} value={value} onChange={onChange} />;
    case 'time':
      return (
        <TimePicker
          {...common}
          withSeconds
          format={format.clock.hour12 ? '12h' : '24h'}
          amPmLabels={{ am: format.clock.am, pm: format.clock.pm }}
          value={value}
          onChange={(next) => onChange(withSeconds(next))}
        />
      );
    case 'datetime':
      return (
        <VenueDateTimeInput
          label={label}
          error={error}
          value={value.replace(' ', 'T').slice(0, 16)}
          onChange={(next) => onChange(next ? withSeconds(next.replace('T', ' ')) : '')}
        />
      );
    case 'singleSelect':
      return (
        <Select
          {...common}
          data={withCurrent(field.options ?? [], value)}
          value={value || null}
          onChange={(next) => onChange(next ?? '')}
          clearable
          searchable
        />
      );
    case 'bool':
      return (
        <Choice
          label={label}
          value={value}
          onChange={onChange}
          error={error}
          data={[
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]}
        />
      );
    case 'Sex':
      return (
        <Choice
          label={label}
          value={value}
          onChange={onChange}
          error={error}
          data={[
            // The service stores m or f; staff read words.
            { value: 'm', label: 'Male' },
            { value: 'f', label: 'Female' },
          ]}
        />
      );
    default:
      return <TextInput {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

/** A two-way choice that can also be left unset. */
function Choice({
  label,
  value,
  onChange,
  error,
  data,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  data: { value: string; label: string }[];
}) {
  return (
    <Input.Wrapper label={label} error={error}>
      <div>
        <SegmentedControl
          aria-label={label}
          value={value}
          onChange={onChange}
          data={[{ value: '', label: 'Not set' }, ...data]}
          size="xs"
        />
      </div>
    </Input.Wrapper>
  );
}

/** Check and uncheck the options of a multipleSelect field; each change is sent on its own. */
export function MultiSelectEditor({
  label,
  options,
  checked,
  onToggle,
}: {
  label: string;
  options: string[];
  checked: string[];
  onToggle: (option: string, checked: boolean) => void;
}) {
  return (
    <Input.Wrapper label={label}>
      <Group gap="md" mt={4}>
        {withCurrent(options, ...checked).map((option) => (
          <Checkbox
            key={option}
            label={option}
            checked={checked.includes(option)}
            onChange={(e) => onToggle(option, e.currentTarget.checked)}
          />
        ))}
        {options.length === 0 && checked.length === 0 && (
          <Text size="xs" c="dimmed">
            No options yet (they are added as contacts are pushed).
          </Text>
        )}
      </Group>
    </Input.Wrapper>
  );
}

/** The options, plus values the record holds that the definition does not list (yet). */
function withCurrent(options: string[], ...values: string[]): string[] {
  return [...new Set([...options, ...values.filter(Boolean)])];
}

/** Times come back without seconds (hh:mm); the service wants hh:mm:ss. */
function withSeconds(value: string): string {
  return /(^|\s|T)\d{2}:\d{2}$/.test(value) ? `${value}:00` : value;
}

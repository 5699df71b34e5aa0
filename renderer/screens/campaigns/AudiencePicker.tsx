import { Chip, Group, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { audienceProblem, type Audience } from '../../../shared/rules/campaign-audience';
import type { CategoryRow } from '../../db/guest-types';

type Scope = 'categories' | 'all' | 'none' | 'uncategorized';

const SCOPES: { value: Scope; label: string }[] = [
  { value: 'categories', label: 'Chosen categories' },
  { value: 'all', label: 'Everyone with a category' },
  { value: 'none', label: 'Everyone' },
  { value: 'uncategorized', label: 'Guests without a category' },
];

/** Which of the scopes an audience is. */
function scopeOf(audience: Audience): Scope {
  for (const modifier of ['none', 'all', 'uncategorized'] as const)
    if (audience.categories.includes(modifier)) return modifier;
  return 'categories';
}

const ageValue = (value: string | number): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? Math.floor(value) : undefined;

/** Who the campaign goes to: categories (several) or all / none / uncategorized, an age range and a gender. */
export function AudiencePicker({
  audience,
  categories,
  onChange,
  disabled,
}: {
  audience: Audience;
  categories: CategoryRow[];
  onChange: (audience: Audience) => void;
  disabled: boolean;
}) {
  const scope = scopeOf(audience);
  const chosen = audience.categories.filter((id) => !['all', 'none', 'uncategorized'].includes(id));
  const problem = audienceProblem(audience);
  const set = (patch: Partial<Audience>) => {
    const next: Audience = { ...audience, ...patch };
    for (const key of ['ageFrom', 'ageTo', 'gender'] as const) if (next[key] === undefined) delete next[key];
    onChange(next);
  };

  return (
    <Stack gap="xs" aria-label="Audience">
      <SegmentedControl
        size="xs"
        value={scope}
        disabled={disabled}
        data={SCOPES}
        onChange={(value) => {
          const picked = SCOPES.find((entry) => entry.value === value)?.value ?? 'categories';
          set({ categories: picked === 'categories' ? chosen : [picked] });
        }}
        aria-label="Who it goes to"
      />
      {scope === 'categories' && (
        <Chip.Group multiple value={chosen} onChange={(ids) => set({ categories: ids })}>
          <Group gap={6} aria-label="Categories">
            {categories.length === 0 && (
              <Text size="sm" c="dimmed">
                No categories yet (they come with the guest list).
              </Text>
            )}
            {categories.map((category) => (
              <Chip key={category.id} value={category.id} size="xs" disabled={disabled}>
                {category.name}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      <Group gap="sm" align="flex-end">
        <NumberInput
          label="Age from"
          w={110}
          min={0}
          max={150}
          allowDecimal={false}
          value={audience.ageFrom ?? ''}
          onChange={(value) => set({ ageFrom: ageValue(value) })}
          disabled={disabled}
        />
        <NumberInput
          label="Age to"
          w={110}
          min={0}
          max={150}
          allowDecimal={false}
          value={audience.ageTo ?? ''}
          onChange={(value) => set({ ageTo: ageValue(value) })}
          disabled={disabled}
        />
        <SegmentedControl
          size="xs"
          value={audience.gender ?? 'any'}
          disabled={disabled}
          data={[
            { value: 'any', label: 'Any gender' },
            { value: 'f', label: 'Women' },
            { value: 'm', label: 'Men' },
          ]}
          onChange={(value) => set({ gender: value === 'f' || value === 'm' ? value : undefined })}
          aria-label="Gender"
        />
      </Group>
      {(audience.ageFrom !== undefined || audience.ageTo !== undefined) && (
        <Text size="xs" c="dimmed">
          Guests without a date of birth are left out when an age is set, as the service does.
        </Text>
      )}
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}

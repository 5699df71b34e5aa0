import { Button, SimpleGrid, Stack, TagsInput } from '@mantine/core';
import { FormFooter } from './FormFooter';
import { fieldLabel } from './field-labels';
import { FieldEditor, MultiSelectEditor } from './FieldEditor';
import { useDetailsEdit } from './useDetailsEdit';
import type { GuestProfileData } from './useGuestProfile';

/** Every contact field with an editor for its type, and the categories as chips; saved through the outbox. */
export function GuestDetailsForm({ profile }: { profile: GuestProfileData }) {
  const edit = useDetailsEdit(profile);
  const scalar = edit.fields.filter((field) => field.type !== 'multipleSelect');
  const multi = edit.fields.filter((field) => field.type === 'multipleSelect');
  return (
    <form onSubmit={(event) => (event.preventDefault(), void edit.save())} aria-label="guest details">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="xs">
          {scalar.map((field) => (
            <FieldEditor
              key={field.name}
              field={field}
              label={fieldLabel(field.name)}
              value={edit.valueOf(field)}
              onChange={(value) => edit.setValue(field.name, value)}
              error={edit.errors[field.name]}
            />
          ))}
        </SimpleGrid>
        {multi.map((field) => (
          <MultiSelectEditor
            key={field.name}
            label={fieldLabel(field.name)}
            options={field.options ?? []}
            checked={edit.checkedOf(field.name)}
            onToggle={(option, checked) => edit.toggle(field.name, option, checked)}
          />
        ))}
        <TagsInput
          label="Categories"
          description="Pick from the list or type a new one and press Enter"
          data={profile.categories}
          value={edit.categories}
          onChange={edit.setCategories}
          clearable
          acceptValueOnBlur
        />
        <FormFooter error={edit.failure} busy={edit.busy} submitLabel="Save" disabled={!edit.dirty}>
          <Button variant="default" onClick={edit.revert} disabled={!edit.dirty || edit.busy}>
            Undo changes
          </Button>
        </FormFooter>
      </Stack>
    </form>
  );
}

/** Choices for rows whose email and mobile clash with the guests on file. */
export const CONFLICT_CHOICES = [
  { value: 'leave', label: 'Leave the row out' },
  { value: 'without', label: 'Record it without the mobile' },
  { value: 'fillEmpty', label: 'Add only details empty on file' },
] as const;

import { FIELD } from '../../db/contact';

const STANDARD_LABELS: Record<string, string> = {
  [FIELD.firstName]: 'First name',
  [FIELD.surname]: 'Surname',
  [FIELD.email]: 'Email',
  [FIELD.mobile]: 'Mobile',
  [FIELD.member]: 'Member number',
  [FIELD.card]: 'Card number',
};

/** A field's label for staff: the standard fields by their meaning, others from the camel-case name. */
export function fieldLabel(name: string): string {
  const standard = STANDARD_LABELS[name];
  if (standard) return standard;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

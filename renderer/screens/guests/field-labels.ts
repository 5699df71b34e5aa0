import { ADDABLE_FIELD_TYPES, isAddableFieldType, type AddableFieldType } from '../../../shared/rules/fields';
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

/** Each type a new field may have, in staff's words (the forms that add a field offer these). */
const FIELD_TYPE_LABELS: Record<AddableFieldType, string> = {
  string: 'Text (one line)',
  text: 'Text (several lines)',
  number: 'Number',
  date: 'Date',
  time: 'Time',
  datetime: 'Date and time',
  singleSelect: 'One option from a list',
  multipleSelect: 'Several options from a list',
  bool: 'Yes or no',
};

/** The choices of a new field's type, for a select. */
export const FIELD_TYPE_CHOICES = ADDABLE_FIELD_TYPES.map((value) => ({ value, label: FIELD_TYPE_LABELS[value] }));

/** A field's type in staff's words; a type only the service's own fields have (Sex) as the service names it. */
export function fieldTypeLabel(type: string): string {
  return isAddableFieldType(type) ? FIELD_TYPE_LABELS[type] : type;
}

// Which contact field each column of a spreadsheet fills, from its header.
import { compact } from '../search/terms';

/** A contact field as the import needs it (get_contact_fields, expanded). */
export interface ImportField {
  name: string;
  type: string;
  options?: string[];
}

/** What a column becomes: a contact field, a full name to split, the guests' categories, or nothing. */
export type ColumnTarget =
  { kind: 'field'; field: string } | { kind: 'name' } | { kind: 'categories' } | { kind: 'ignore' };

/**
 * Headers of common exports (Google Contacts, Outlook, Mailchimp, Excel in English and French),
 * compacted (lower case, no accents, letters and digits only), by the standard field they fill.
 */
const KNOWN_HEADERS: Record<string, readonly string[]> = {
  PatronName: [
    'firstname',
    'givenname',
    'first',
    'forename',
    'fname',
    'prenom',
    'prenoms',
    'nameprenom',
    'firstnameprenom',
  ],
  PatronSurname: ['lastname', 'surname', 'familyname', 'last', 'lname', 'nom', 'nomdefamille', 'nomdenaissance'],
  PatronEmail: [
    'email',
    'emailaddress',
    'email1value',
    'emailaddress1',
    'emailaddresse',
    'mail',
    'courriel',
    'adresseemail',
    'adressemail',
    'adressecourriel',
    'email1',
    'primaryemail',
    'emailvalue',
    'ecourriel',
  ],
  PatronMobile: [
    'mobile',
    'mobilephone',
    'mobilenumber',
    'mobilephonenumber',
    'cell',
    'cellphone',
    'cellular',
    'phone',
    'phonenumber',
    'phone1value',
    'telephone',
    'tel',
    'portable',
    'telportable',
    'telephoneportable',
    'numerodeportable',
    'numeroportable',
    'numerodetelephone',
    'mobiletelephone',
    'primaryphone',
    'gsm',
    'sms',
    'mobile1value',
  ],
  DateOfBirth: [
    'birthday',
    'dateofbirth',
    'dob',
    'birthdate',
    'datedenaissance',
    'anniversaire',
    'naissance',
    'datenaissance',
  ],
  Sex: ['sex', 'gender', 'sexe', 'genre', 'civilite'],
  MemberNumber: [
    'membernumber',
    'member',
    'memberid',
    'membershipnumber',
    'membershipid',
    'numerodemembre',
    'numeroadherent',
    'adherent',
    'numeromembre',
  ],
  CardNumber: ['cardnumber', 'card', 'numerodecarte', 'carte', 'cardno', 'loyaltycard'],
};

/** Headers of a whole name in one column (split into first name and surname). */
const NAME_HEADERS = new Set([
  'name',
  'fullname',
  'displayname',
  'contactname',
  'nomcomplet',
  'nometprenom',
  'prenometnom',
  'nomprenom',
  'guestname',
  'client',
]);
/** Headers of category lists: Google labels and groups, Outlook categories, Mailchimp tags. */
const CATEGORY_HEADERS = new Set([
  'categories',
  'category',
  'labels',
  'groupmembership',
  'tags',
  'categorie',
  'categories1',
  'etiquettes',
  'groupes',
  'groups',
  'segments',
]);

/** Where a header's compact form points (built once). */
const HEADER_INDEX = new Map<string, string>(
  Object.entries(KNOWN_HEADERS).flatMap(([field, headers]) => headers.map((header) => [header, field] as const)),
);

/** Which standard field a header names, if any (also used to find the header row). */
export function knownHeaderField(header: string): string | undefined {
  const key = compact(header);
  if (NAME_HEADERS.has(key)) return 'name';
  if (CATEGORY_HEADERS.has(key)) return 'categories';
  return HEADER_INDEX.get(key);
}

/**
 * The target of each column: the field whose name or label the header is, else the field common
 * exports mean by it, else nothing. A field is filled by one column (the first that names it); a
 * full-name column is split only when no column gives the first name and surname.
 */
export function matchColumns(
  headers: readonly string[],
  fields: readonly ImportField[],
  labelOf: (name: string) => string,
): ColumnTarget[] {
  const byKey = new Map<string, string>();
  for (const field of fields) {
    byKey.set(compact(field.name), field.name);
    byKey.set(compact(labelOf(field.name)), field.name);
  }
  const taken = new Set<string>();
  let categoriesTaken = false;
  const targets: ColumnTarget[] = headers.map((header) => {
    const key = compact(header);
    const known = knownHeaderField(header);
    if (known === 'categories' && !categoriesTaken) {
      categoriesTaken = true;
      return { kind: 'categories' };
    }
    const field =
      byKey.get(key) ?? (known && known !== 'name' && known !== 'categories' ? fieldNamed(fields, known) : undefined);
    if (field && !taken.has(field)) {
      taken.add(field);
      return { kind: 'field', field };
    }
    return known === 'name' ? { kind: 'name' } : { kind: 'ignore' };
  });
  const hasParts = taken.has('PatronName') || taken.has('PatronSurname');
  let nameTaken = false;
  return targets.map((target) => {
    if (target.kind !== 'name') return target;
    if (hasParts || nameTaken) return { kind: 'ignore' };
    nameTaken = true;
    return target;
  });
}

/** The field with this standard name when the account has it; the birthday field may be named otherwise (a date field called birthday). */
function fieldNamed(fields: readonly ImportField[], standard: string): string | undefined {
  if (fields.some((field) => field.name === standard)) return standard;
  if (standard === 'DateOfBirth') {
    return fields.find((field) => field.type === 'date' && KNOWN_HEADERS.DateOfBirth!.includes(compact(field.name)))
      ?.name;
  }
  return undefined;
}

/** Splits a whole name: "Ada Lovelace" → Ada / Lovelace, "Lovelace, Ada" → Ada / Lovelace, "Cher" → Cher / (none). */
export function splitFullName(text: string): { first: string; surname: string } {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  const comma = trimmed.indexOf(',');
  if (comma > 0) return { first: trimmed.slice(comma + 1).trim(), surname: trimmed.slice(0, comma).trim() };
  const space = trimmed.indexOf(' ');
  if (space < 0) return { first: trimmed, surname: '' };
  return { first: trimmed.slice(0, space), surname: trimmed.slice(space + 1) };
}

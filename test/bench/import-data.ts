// A Google-Contacts-shaped CSV for the import benchmarks: the export's 37 columns, accents, mobiles in national and international form.

const HEADER = [
  'Name',
  'Given Name',
  'Additional Name',
  'Family Name',
  'Yomi Name',
  'Given Name Yomi',
  'Additional Name Yomi',
  'Family Name Yomi',
  'Name Prefix',
  'Name Suffix',
  'Initials',
  'Nickname',
  'Short Name',
  'Maiden Name',
  'Birthday',
  'Gender',
  'Location',
  'Billing Information',
  'Directory Server',
  'Mileage',
  'Occupation',
  'Hobby',
  'Sensitivity',
  'Priority',
  'Subject',
  'Notes',
  'Language',
  'Photo',
  'Group Membership',
  'E-mail 1 - Type',
  'E-mail 1 - Value',
  'E-mail 2 - Type',
  'E-mail 2 - Value',
  'Phone 1 - Type',
  'Phone 1 - Value',
  'Phone 2 - Type',
  'Phone 2 - Value',
];
const FIRST = [
  'Zoë',
  'Ava',
  'Noah',
  'Léa',
  'Oliver',
  'Chloé',
  'Jack',
  'Mia',
  'Lucas',
  'Inès',
  'Henry',
  'Grace',
  'Hugo',
  'Isla',
  'Théo',
  'Ruby',
];
const LAST = [
  'Ashford',
  'Nguyen',
  'Smith',
  'Lefèvre',
  'Wilson',
  'Brown',
  "O'Brien",
  'Martin',
  'Taylor',
  'Dubois',
  'Kelly',
  'García',
  'Chen',
  'Walker',
];

/** `rows` contacts (a share of them with the emails of guests the service already has), as CSV text of about 100 bytes a row. */
export function googleContactsCsv(
  rows: number,
  knownEmails: readonly string[],
  stamp: string,
): { text: string; known: number } {
  const lines = [HEADER.join(',')];
  let known = 0;
  for (let i = 0; i < rows; i++) {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7) % LAST.length]!;
    const useKnown = i % 20 === 0 && known < knownEmails.length;
    const email = useKnown ? knownEmails[known++]! : `g${i}.${stamp}@example.com`;
    const digits = String(20_000_000 + i);
    const mobile = i % 2 === 0 ? `+61 4${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}` : `04${digits}`;
    const cells = new Array<string>(HEADER.length).fill('');
    cells[0] = `${first} ${last}`;
    cells[1] = first;
    cells[3] = last;
    cells[14] =
      i % 3 === 0
        ? `19${String(60 + (i % 40))}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`
        : '';
    cells[15] = i % 2 ? 'female' : 'male';
    cells[28] = i % 5 === 0 ? '* myContacts ::: Regulars' : '* myContacts';
    cells[29] = '* Home';
    cells[30] = email;
    cells[33] = 'Mobile';
    // A row of a guest the service has carries their email only, so it is a plain update (no clashing mobile).
    cells[34] = useKnown ? '' : mobile;
    lines.push(cells.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(','));
  }
  return { text: `${lines.join('\r\n')}\r\n`, known };
}

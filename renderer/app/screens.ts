/** The screens of the desk, in navigation order. */
export const SCREENS = [
  { id: 'guests', label: 'Guests', hint: 'Look guests up, record new ones, add purchases, send a message' },
  { id: 'reservations', label: 'Reservations', hint: "Today's and this week's bookings" },
  { id: 'import', label: 'Import', hint: 'Bring in a spreadsheet of contacts' },
  { id: 'campaigns', label: 'Campaigns', hint: 'Write, check and send email campaigns' },
  { id: 'messages', label: 'Messages', hint: 'Sent items and SMS replies' },
  { id: 'outbox', label: 'Outbox', hint: 'What is waiting to go out, and anything that needs you' },
  { id: 'settings', label: 'Settings', hint: 'Account, fields and categories' },
] as const;

export type ScreenId = (typeof SCREENS)[number]['id'];

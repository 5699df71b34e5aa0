// Per-item failure reasons of the bulk methods. The reference fixes only 1007; the rest are the sandbox's (see README).

/** A per-item failure reason as bulk methods report it. */
export interface Reason {
  code: number;
  desc: string;
}

/** Every per-item reason, by its message. */
export const REASONS = {
  noClientId: { code: 1007, desc: 'No client ID provided' },
  invalidClientId: { code: 1008, desc: 'Invalid client ID provided' },
  noSuchContact: { code: 1009, desc: 'No such contact in database' },
  noContactInformation: { code: 1010, desc: 'No contact information to add/update' },
  noEmailOrMobile: { code: 1011, desc: 'No email or mobile information' },
  duplicate: { code: 1012, desc: 'Duplicate check failed' },
  addFailed: { code: 1013, desc: 'New contact add failed' },
  updateFailed: { code: 1014, desc: 'Update contact failed' },
  noPurchaseInformation: { code: 1020, desc: 'No purchase information to add' },
  noItemDescription: { code: 1021, desc: 'No item description provided' },
  noItemPrice: { code: 1022, desc: 'No item price provided' },
  noPurchaseDate: { code: 1023, desc: 'No purchase date and time provided' },
  purchaseAddFailed: { code: 1024, desc: 'Purchase add failed' },
  invalidItemQuantity: { code: 1025, desc: 'Invalid item quantity provided' },
  reservationsNotSetUp: { code: 1030, desc: 'Reservations not setup for this account' },
  invalidReservation: { code: 1031, desc: 'Invalid reservation: expected an object with reservation and contact' },
  reservationAddFailed: { code: 1032, desc: 'Reservation add failed' },
  invalidItem: { code: 1040, desc: 'Invalid item: expected a JSON object' },
} as const satisfies Record<string, Reason>;

/** The reason for one of the service's purchase messages. */
export function purchaseReason(message: string): Reason {
  const found = Object.values(REASONS).find((reason) => reason.desc === message);
  return found ?? { code: 1024, desc: message };
}

/** Checks a bulk item's client_id against the account: the failure reason, or null when it is the account's. */
export function clientIdProblem(clientId: unknown, accountClientId: string): Reason | null {
  if (clientId === undefined || clientId === null || (typeof clientId === 'string' && clientId.trim() === ''))
    return REASONS.noClientId;
  if ((typeof clientId !== 'string' && typeof clientId !== 'number') || String(clientId).trim() !== accountClientId)
    return REASONS.invalidClientId;
  return null;
}

/** Guest lookup, sync, profile edits, purchases and one-off messages (issue 6). */
export const guestChannels = {};

export const guestEvents = {};

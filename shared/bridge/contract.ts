import type { z } from 'zod';
import { accountChannels, accountEvents } from './channels/account';
import { appChannels, appEvents } from './channels/app';
import { campaignChannels, campaignEvents } from './channels/campaigns';
import { guestChannels, guestEvents } from './channels/guests';
import { importChannels, importEvents } from './channels/import';
import { outboxChannels, outboxEvents } from './channels/outbox';
import { reservationChannels, reservationEvents } from './channels/reservations';

/** Every request/response channel of the bridge (renderer → desk core). Add a feature's channels here. */
export const channels = {
  ...appChannels,
  ...accountChannels,
  ...guestChannels,
  ...outboxChannels,
  ...reservationChannels,
  ...importChannels,
  ...campaignChannels,
};

/** Every event of the bridge (desk core → renderer), with the schema of its payload. */
const events = {
  ...appEvents,
  ...accountEvents,
  ...guestEvents,
  ...outboxEvents,
  ...reservationEvents,
  ...importEvents,
  ...campaignEvents,
};

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type EventName = keyof typeof events;
export type RequestOf<K extends ChannelName> = z.input<Channels[K]['request']>;
export type ParsedRequestOf<K extends ChannelName> = z.output<Channels[K]['request']>;
export type ResponseOf<K extends ChannelName> = z.output<Channels[K]['response']>;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

/** The API the renderer sees as `window.desk`: one named function per channel, plus `on` for events. */
export type DeskApi = { [K in ChannelName]: (request: RequestOf<K>) => Promise<ResponseOf<K>> } & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};

/** The desk core's implementation of every channel; written once, registered on both transports. */
export type DeskHandlers = {
  [K in ChannelName]: (request: ParsedRequestOf<K>) => Promise<ResponseOf<K>> | ResponseOf<K>;
};

/** The Electron IPC channel name of a bridge channel. */
export function ipcChannelName(name: ChannelName): string {
  return `desk:${name}`;
}

/** The Electron IPC channel name of a bridge event. */
export function ipcEventName(name: EventName): string {
  return `desk-event:${name}`;
}

/** Whether a string names a channel of the contract (arguments from a transport are untrusted). */
export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.hasOwn(channels, name);
}

/** Whether a string names an event of the contract. */
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(events, name);
}

// Opening a link outside the desk: the core vets it and hands it to the system browser; in browser
// mode (no system browser to hand it to) a vetted link opens in a new tab of this browser instead.
import { BROWSER_MODE_REASON } from '../../shared/bridge/channels/app';
import { getDesk } from './desk';

/** Opens a link the core allows; resolves to null once opened, or to the reason it was refused, in staff words. */
export async function openLink(url: string): Promise<string | null> {
  const { opened, reason } = await getDesk().openExternal({ url });
  if (opened) return null;
  if (reason !== BROWSER_MODE_REASON) return reason ?? 'This link could not be opened.';
  window.open(url, '_blank', 'noopener,noreferrer');
  return null;
}

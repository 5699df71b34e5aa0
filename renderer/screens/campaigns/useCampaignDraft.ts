import { useCallback, useEffect, useRef, useState } from 'react';
import { getDesk } from '../../bridge/desk';
import { reportBackgroundFailure } from '../../stores/background-failures';
import { upsertCampaign, type CampaignContent, type CampaignView } from '../../stores/campaigns';

const SAVE_DELAY_MS = 400;

/** Whether the draft on screen is saved in the desk (its SQLite), being saved, or could not be saved. */
export type SaveState = { kind: 'saved' } | { kind: 'saving' } | { kind: 'failed'; message: string };

/** The draft on screen could not be saved, so what the desk holds is not what staff see. */
class DraftNotSavedError extends Error {
  constructor(reason: string) {
    super(`The latest changes could not be saved on this desk, so nothing was done: ${reason}`);
  }
}

/**
 * The content of the open campaign as staff type it, saved to the desk core shortly after each change
 * (no service call, so it works offline). What was typed stays on screen when a save fails, and stays
 * to be saved: the next change or `flush` tries again.
 */
export function useCampaignDraft(campaign: CampaignView) {
  const [content, setContent] = useState<CampaignContent>(() => contentOf(campaign));
  const [save, setSave] = useState<SaveState>({ kind: 'saved' });
  const pending = useRef<CampaignContent | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const editable = campaign.state === 'draft' || campaign.state === 'refused';

  /** Saves what is waiting; resolves to why it could not be saved, or null once the desk holds what is on screen. */
  const saveNow = useCallback(async (): Promise<string | null> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    if (!next) return null;
    try {
      upsertCampaign(await getDesk().saveCampaignDraft({ id: campaign.id, content: next }));
      if (pending.current === next) pending.current = null;
      setSave(pending.current ? { kind: 'saving' } : { kind: 'saved' });
      return null;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setSave({ kind: 'failed', message });
      return message;
    }
  }, [campaign.id]);

  /**
   * Saves what was typed before Check, Test or Send; throws (with the reason) when it could not be
   * saved, so they never act on an older version than the one staff see.
   */
  const flush = useCallback(async () => {
    const failure = await saveNow();
    if (failure !== null) throw new DraftNotSavedError(failure);
  }, [saveNow]);

  const update = useCallback(
    (patch: Partial<CampaignContent>) => {
      setContent((current) => {
        const next = { ...current, ...patch };
        pending.current = next;
        return next;
      });
      setSave({ kind: 'saving' });
      if (timer.current) clearTimeout(timer.current);
      // A failure shows in the save state beside the title.
      timer.current = setTimeout(() => void saveNow(), SAVE_DELAY_MS);
    },
    [saveNow],
  );

  // Another campaign opened: save what was typed in this one first (the editor is gone, so a failure goes to the status line).
  useEffect(
    () => () =>
      void saveNow().then((failure) => {
        if (failure !== null) reportBackgroundFailure('Saving the campaign draft', new Error(failure));
      }),
    [saveNow],
  );

  return { content, update, save, flush, editable };
}

/** The editable part of a campaign view. */
function contentOf(campaign: CampaignView): CampaignContent {
  return {
    name: campaign.name,
    subject: campaign.subject,
    fromName: campaign.fromName,
    fromEmail: campaign.fromEmail,
    body: campaign.body,
    audience: campaign.audience,
  };
}

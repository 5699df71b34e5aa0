import { useCallback, useEffect, useRef, useState } from 'react';
import { getDesk } from '../../bridge/desk';
import { upsertCampaign, type CampaignContent, type CampaignView } from '../../stores/campaigns';

const SAVE_DELAY_MS = 400;

/** Whether the draft on screen is saved in the desk (its SQLite), being saved, or could not be saved. */
export type SaveState = { kind: 'saved' } | { kind: 'saving' } | { kind: 'failed'; message: string };

/**
 * The content of the open campaign as staff type it, saved to the desk core shortly after each change
 * (no service call, so it works offline). What was typed stays on screen when a save fails.
 */
export function useCampaignDraft(campaign: CampaignView) {
  const [content, setContent] = useState<CampaignContent>(() => contentOf(campaign));
  const [save, setSave] = useState<SaveState>({ kind: 'saved' });
  const pending = useRef<CampaignContent | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const editable = campaign.state === 'draft' || campaign.state === 'refused';

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    if (!next) return;
    pending.current = null;
    try {
      upsertCampaign(await getDesk().saveCampaignDraft({ id: campaign.id, content: next }));
      setSave(pending.current ? { kind: 'saving' } : { kind: 'saved' });
    } catch (error) {
      setSave({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }, [campaign.id]);

  const update = useCallback(
    (patch: Partial<CampaignContent>) => {
      setContent((current) => {
        const next = { ...current, ...patch };
        pending.current = next;
        return next;
      });
      setSave({ kind: 'saving' });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    [flush],
  );

  // Another campaign opened: flush what was typed in this one first.
  useEffect(() => () => void flush(), [flush]);

  return { content, update, save, flush, editable };
}

/** The editable part of a campaign view. */
export function contentOf(campaign: CampaignView): CampaignContent {
  return {
    name: campaign.name,
    subject: campaign.subject,
    fromName: campaign.fromName,
    fromEmail: campaign.fromEmail,
    body: campaign.body,
    audience: campaign.audience,
  };
}

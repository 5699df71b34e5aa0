import { create } from 'zustand';
import type { DeskApi, ResponseOf } from '../../shared/bridge/contract';

export type CampaignView = ResponseOf<'listCampaigns'>['campaigns'][number];
export type CampaignContent = Pick<CampaignView, 'name' | 'subject' | 'fromName' | 'fromEmail' | 'body' | 'audience'>;

interface CampaignsState {
  campaigns: CampaignView[];
  /** The campaign open in the editor. */
  selectedId: string | null;
  loadError: string | null;
  /** Campaigns whose preview staff chose to show with its images from the web (until the desk is closed). */
  imagesShown: Record<string, true>;
}

/** This account's campaigns as the desk core keeps them, and which one is open. */
export const useCampaigns = create<CampaignsState>(() => ({
  campaigns: [],
  selectedId: null,
  loadError: null,
  imagesShown: {},
}));

/** Shows (or hides again) a campaign's images from the web in its preview. */
export function showPreviewImages(id: string, shown: boolean): void {
  useCampaigns.setState((state) => {
    const { [id]: _was, ...others } = state.imagesShown;
    return { imagesShown: shown ? { ...others, [id]: true } : others };
  });
}

/** Puts a campaign (new or changed) into the list, newest first. */
export function upsertCampaign(view: CampaignView): void {
  useCampaigns.setState((state) => ({
    campaigns: [view, ...state.campaigns.filter((campaign) => campaign.id !== view.id)],
  }));
}

/** Opens a campaign in the editor (null: none). */
export function selectCampaign(id: string | null): void {
  useCampaigns.setState({ selectedId: id });
}

/** Loads the campaigns and follows changes the core reports (a queued send that went out). */
export function followCampaigns(desk: DeskApi): () => void {
  desk.listCampaigns({}).then(
    ({ campaigns }) => useCampaigns.setState({ campaigns, loadError: null }),
    (error: unknown) => useCampaigns.setState({ loadError: error instanceof Error ? error.message : String(error) }),
  );
  return desk.on('campaignChanged', upsertCampaign);
}

/** A fresh campaign id (cmp-<uuid>). */
export function newCampaignId(): string {
  return `cmp-${crypto.randomUUID()}`;
}

/** The content of a new campaign: the account's default sender, everyone with a category. */
export function blankCampaign(sender: { name: string; email: string } | undefined): CampaignContent {
  return {
    name: '',
    subject: '',
    fromName: sender?.name ?? '',
    fromEmail: sender?.email ?? '',
    body: { kind: 'html', html: '' },
    audience: { categories: ['all'] },
  };
}

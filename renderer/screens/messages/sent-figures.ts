import type { SentItemRow } from '../../db/guest-types';

/** One figure of a sent item: how many, and as a share of those it went to. */
export interface Figure {
  label: string;
  count: number;
  rate: number | null;
}

/** The figures of a sent item (sent, opens, bounces, opt-outs, spam) with their rates of the sent count. */
export function sentFigures(item: SentItemRow): Figure[] {
  const sent = Number(item.count ?? 0);
  const rate = (count: number) => (sent > 0 ? count / sent : null);
  const figure = (label: string, value: unknown): Figure => {
    const count = Number(value ?? 0) || 0;
    return { label, count, rate: rate(count) };
  };
  const optouts = Number(item.count_optout ?? 0) + Number(item.count_auto_optout ?? 0);
  const figures = [{ label: 'Sent', count: sent, rate: null }, figure('Opt-outs', optouts)];
  if (item.type === 'email')
    figures.splice(
      1,
      0,
      figure('Opens', item.count_open),
      figure('Bounces', item.count_bounced),
      figure('Spam', item.count_spam),
    );
  return figures;
}

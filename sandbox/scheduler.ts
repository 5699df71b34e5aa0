// Scheduled sends (campaigns, email and SMS with send_at) go out when due: a timer set for the earliest, plus a slow backstop.
import { deliverDueCampaigns } from './campaigns/send';
import type { SandboxContext } from './context';
import { deliverDueMessages, nextScheduledMessageAt } from './domain/messages';
import { nextCampaignAt } from './store/campaigns';

/** The longest setTimeout Node accepts. */
const MAX_TIMER_MS = 2_147_483_647;

/** What one pass delivered. */
export interface DueRun {
  messages: number;
  campaigns: number;
}

/** Wakes when the earliest scheduled send is due; `now` may be a test clock, so a backstop pass runs every second too. */
export class SendScheduler {
  private timer: NodeJS.Timeout | undefined;
  private readonly backstop: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly ctx: SandboxContext,
    backstopMs = 1000,
  ) {
    this.backstop = setInterval(() => this.runDue(), backstopMs);
    this.backstop.unref();
  }

  /** Delivers everything due now and re-arms the timer. */
  runDue(): DueRun {
    if (this.closed) return { messages: 0, campaigns: 0 };
    try {
      const run = { messages: deliverDueMessages(this.ctx), campaigns: deliverDueCampaigns(this.ctx) };
      this.wake();
      return run;
    } catch (error) {
      // A timer must never crash the process; the backstop retries in a second rather than spinning now.
      process.stderr.write(
        `sandbox: scheduled sends failed: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      return { messages: 0, campaigns: 0 };
    }
  }

  /** Sets the timer for the earliest pending send. */
  wake(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const candidates = [nextScheduledMessageAt(this.ctx.db), nextCampaignAt(this.ctx.db)].filter(
      (at): at is number => at !== undefined,
    );
    if (candidates.length === 0) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, Math.min(...candidates) - this.ctx.now().getTime()));
    this.timer = setTimeout(() => this.runDue(), delay);
    this.timer.unref();
  }

  /** Stops the timers. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    clearInterval(this.backstop);
  }
}

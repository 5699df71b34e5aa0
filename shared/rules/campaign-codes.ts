// What each campaign refusal means to staff and what to do about it: one table for the pre-check, the
// service's campaign_verify / campaign_send codes (reference §7.2) and the credit messages (§7.1).

/** A refusal explained: a short title in staff words, and what to do. */
export interface CampaignExplanation {
  title: string;
  whatToDo: string;
}

/** The explanation of each campaign_verify code (§7.2); also used for the desk's own pre-check findings. */
export const CAMPAIGN_CODE_EXPLANATIONS: Readonly<Record<number, CampaignExplanation>> = {
  400: {
    title: 'The service could not take this request',
    whatToDo: 'Check the audience matches at least one guest, then try again.',
  },
  401: {
    title: 'The service refused the campaign without saying why (code 401)',
    whatToDo: 'Try again later; if it keeps happening, contact the service.',
  },
  602: {
    title: 'The body is blank or still has placeholder text',
    whatToDo: 'Write the message, and replace any sample text such as "Lorem ipsum".',
  },
  603: {
    title: 'The sender name or address is not right',
    whatToDo: 'Use a sender name of at least 5 characters and a valid email address.',
  },
  605: {
    title: 'This account may not send email campaigns',
    whatToDo: 'Ask the account owner or the service to enable email campaigns for this account.',
  },
  609: { title: 'This campaign has already been sent', whatToDo: 'Make a copy of it and send the copy.' },
  611: { title: 'The campaign has no subject', whatToDo: 'Write a subject line.' },
  612: {
    title: 'This campaign is locked by an earlier send',
    whatToDo: 'It is already scheduled or going out. Cancel the schedule first to change it.',
  },
  616: {
    title: 'An unsubscribe, forward or view-online link has no working address',
    whatToDo: 'Point the link at #unsubscribe#, #forward# or #webversion#.',
  },
  617: {
    title: 'A social media link does not name your page',
    whatToDo: "Link to your venue's own profile (e.g. facebook.com/yourvenue).",
  },
  618: {
    title: 'The body has pasted (inline) images',
    whatToDo: 'Upload the images somewhere public and link to them by their https address.',
  },
  619: { title: 'An image has no usable address', whatToDo: 'Give each image a full https address, or remove it.' },
  620: {
    title: 'The HTML is not valid for an email',
    whatToDo: 'Remove <meta>, <title> or <base> tags from the body, and keep one <body>.',
  },
  621: {
    title: 'The body contains JavaScript',
    whatToDo: 'Remove the scripts: email programs do not run them and the service refuses them.',
  },
  622: {
    title: 'There is no unsubscribe link',
    whatToDo: 'Insert the unsubscribe link (#unsubscribe#); guests must be able to opt out.',
  },
  625: {
    title: 'Links were copied from a campaign already sent',
    whatToDo: 'Use the original web addresses, not the tracked links of an old campaign.',
  },
  626: {
    title: 'The unsubscribe link is an old, fixed address',
    whatToDo: 'Make the unsubscribe link point to #unsubscribe# instead.',
  },
  627: { title: 'A placeholder image is still in the body', whatToDo: 'Replace the sample image with your own.' },
};

/** Whether the service's words say the account is out of email credits (§7.1). */
export function isCreditRefusal(message: string): boolean {
  const words = message.toLowerCase();
  return words.includes('insufficient credits') || words.includes('unable to allocate credits');
}

const CREDITS: CampaignExplanation = {
  title: 'The account has run out of email credits',
  whatToDo:
    "Buy more email credits in the service's dashboard (Settings → Open dashboard), or send to a smaller audience.",
};

/** Explains a refusal of a campaign method from its code and the service's message, in staff words. */
export function explainCampaignRefusal(message: string, code: number | undefined): CampaignExplanation {
  if (isCreditRefusal(message)) return CREDITS;
  if (code !== undefined && CAMPAIGN_CODE_EXPLANATIONS[code]) {
    if (code === 400 && message) return { title: message, whatToDo: CAMPAIGN_CODE_EXPLANATIONS[400]!.whatToDo };
    return CAMPAIGN_CODE_EXPLANATIONS[code]!;
  }
  return {
    title: message || 'The service refused the campaign',
    whatToDo: "Read the service's words above, correct the campaign and try again.",
  };
}

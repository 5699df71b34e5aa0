import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { isValidEmail } from '../../../shared/rules/email';
import { getDesk } from '../../bridge/desk';
import { useDeskAction } from '../../hooks/useDeskAction';
import { FIELD, fieldText } from '../../db/contact';
import { clearDraft } from '../../stores/guests-drafts';
import { sendEmail } from '../../stores/guests-writes';
import { FormFooter } from './FormFooter';
import { ScheduleInput } from './ScheduleInput';
import type { GuestProfileData } from './useGuestProfile';
import { queuedMessage, useMessageDraft, type ScheduleDraft } from './useSchedule';

interface EmailDraft extends ScheduleDraft, Record<string, unknown> {
  fromName: string;
  fromEmail: string;
  toEmail: string;
  subject: string;
  body: string;
}

/** A one-off email to the guest: sender, subject, body with the #unsubscribe# note, optional schedule; through the outbox. */
export function EmailForm({ profile }: { profile: GuestProfileData }) {
  const { format, timeZone, draftId, draft, update, schedule } = useMessageDraft<EmailDraft>(
    'email',
    profile,
    (account) => ({
      fromName: account?.defaultEmailSender?.name ?? '',
      fromEmail: account?.defaultEmailSender?.email ?? '',
      toEmail: fieldText(profile.shown, FIELD.email),
      subject: '',
      body: '',
    }),
  );
  const badAddress = (value: string) =>
    value.trim() && !isValidEmail(value.trim()) ? 'Not a valid email address.' : undefined;
  const action = useDeskAction(
    async () => {
      const problem =
        (!isValidEmail(draft.toEmail.trim()) ? "Enter the guest's email address." : null) ??
        (!isValidEmail(draft.fromEmail.trim()) ? 'Enter the sender email address.' : null) ??
        (draft.subject.trim() === '' ? 'Write a subject.' : null) ??
        (draft.body.trim() === '' ? 'Write the message.' : null) ??
        schedule.error;
      if (problem) throw new Error(problem);
      await sendEmail(getDesk(), profile.row.key, {
        toName: profile.row.label,
        toEmail: draft.toEmail.trim(),
        fromName: draft.fromName,
        fromEmail: draft.fromEmail.trim(),
        subject: draft.subject,
        html: textToHtml(draft.body),
        ...(schedule.sendAt ? { sendAt: schedule.sendAt } : {}),
      });
      clearDraft(draftId);
      return queuedMessage('Email', schedule.sendAt, timeZone, format);
    },
    (message) => message,
  );

  return (
    <form onSubmit={(event) => (event.preventDefault(), void action.run())} aria-label="send email">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput
            label="Sender name"
            value={draft.fromName}
            onChange={(event) => update({ fromName: event.currentTarget.value })}
          />
          <TextInput
            label="Sender email"
            value={draft.fromEmail}
            onChange={(event) => update({ fromEmail: event.currentTarget.value })}
            error={badAddress(draft.fromEmail)}
          />
        </Group>
        <TextInput
          label="To"
          value={draft.toEmail}
          onChange={(event) => update({ toEmail: event.currentTarget.value })}
          error={badAddress(draft.toEmail)}
        />
        <TextInput
          label="Subject"
          value={draft.subject}
          onChange={(event) => update({ subject: event.currentTarget.value })}
        />
        <Textarea
          label="Message"
          value={draft.body}
          onChange={(event) => update({ body: event.currentTarget.value })}
          autosize
          minRows={5}
          maxRows={14}
        />
        <Group gap="xs">
          <Text size="xs" c="dimmed" style={{ flex: 1 }}>
            Put #unsubscribe# where the unsubscribe link should go; without it the service adds one at the foot of the
            email.
          </Text>
          <Button
            size="compact-xs"
            variant="light"
            onClick={() =>
              update({
                body: `${draft.body}${draft.body.endsWith('\n') || !draft.body ? '' : '\n\n'}Unsubscribe: #unsubscribe#`,
              })
            }
          >
            Add unsubscribe link
          </Button>
        </Group>
        <ScheduleInput schedule={draft} timeZone={timeZone} error={schedule.error} onChange={update} />
        <FormFooter error={action.error} busy={action.busy} submitLabel="Send email" />
      </Stack>
    </form>
  );
}

/** Plain text as simple HTML: escaped, paragraphs at blank lines, line breaks kept. */
function textToHtml(text: string): string {
  const escape = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escape(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

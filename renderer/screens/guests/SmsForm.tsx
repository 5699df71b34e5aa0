import { Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { normalizePhone } from '../../../shared/rules/phone';
import { findInvalidSmsCharacters, SMS_REPLY_SENDER, validateSmsSender } from '../../../shared/rules/sms';
import { getDesk } from '../../bridge/desk';
import { useDeskAction } from '../../hooks/useDeskAction';
import { FIELD, fieldText } from '../../db/contact';
import { clearDraft } from '../../stores/guests-drafts';
import { sendSms } from '../../stores/guests-writes';
import { FormFooter } from './FormFooter';
import { ScheduleInput } from './ScheduleInput';
import { SmsTextCheck } from './SmsTextCheck';
import type { GuestProfileData } from './useGuestProfile';
import { queuedMessage, useMessageDraft, type ScheduleDraft } from './useSchedule';

interface SmsDraft extends ScheduleDraft, Record<string, unknown> {
  from: string;
  to: string;
  message: string;
}

/** A one-off SMS to the guest: sender rules, the live GSM-7 check, counts and an optional schedule; through the outbox. */
export function SmsForm({ profile }: { profile: GuestProfileData }) {
  const { account, format, timeZone, draftId, draft, update, schedule } = useMessageDraft<SmsDraft>(
    'sms',
    profile,
    (current) => ({
      from: current?.defaultSmsSender ?? '',
      to: fieldText(profile.shown, FIELD.mobile),
      message: '',
    }),
  );
  const senderProblem = draft.from ? validateSmsSender(draft.from) : null;
  const mobile = draft.to.trim() ? normalizePhone(draft.to, account?.defaultPhoneCountry) : null;
  const action = useDeskAction(
    async () => {
      const problem =
        validateSmsSender(draft.from) ??
        (!mobile ? 'Enter a valid mobile number (with the country code if it is abroad).' : null) ??
        (draft.message.trim() === '' ? 'Write the message.' : null) ??
        (findInvalidSmsCharacters(draft.message).length > 0
          ? 'Replace or remove the marked characters first: the service refuses them.'
          : null) ??
        schedule.error;
      if (problem) throw new Error(problem);
      await sendSms(getDesk(), profile.row.key, {
        from: draft.from,
        to: mobile!,
        message: draft.message,
        ...(schedule.sendAt ? { sendAt: schedule.sendAt } : {}),
      });
      clearDraft(draftId);
      return queuedMessage('SMS', schedule.sendAt, timeZone, format);
    },
    (message) => message,
  );

  return (
    <form onSubmit={(event) => (event.preventDefault(), void action.run())} aria-label="send sms">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput
            label="Sender"
            description={`Up to 11 letters and digits, no spaces; or ${SMS_REPLY_SENDER} so the guest can reply`}
            value={draft.from}
            onChange={(event) => update({ from: event.currentTarget.value })}
            error={senderProblem}
          />
          <TextInput
            label="Mobile"
            value={draft.to}
            onChange={(event) => update({ to: event.currentTarget.value })}
            description={mobile ? `Sends to ${format.phone(mobile)}` : ' '}
            error={draft.to.trim() && !mobile ? 'Not a valid mobile number.' : undefined}
          />
        </Group>
        <Textarea
          label="Message"
          value={draft.message}
          onChange={(event) => update({ message: event.currentTarget.value })}
          autosize
          minRows={3}
          maxRows={8}
        />
        <SmsTextCheck message={draft.message} onChange={(message) => update({ message })} />
        <ScheduleInput schedule={draft} timeZone={timeZone} error={schedule.error} onChange={update} />
        {!fieldText(profile.shown, FIELD.mobile) && (
          <Text size="xs" c="dimmed">
            This guest has no mobile on file; type one above.
          </Text>
        )}
        <FormFooter error={action.error} busy={action.busy} submitLabel="Send SMS" />
      </Stack>
    </form>
  );
}

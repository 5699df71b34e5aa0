import { Button, CopyButton, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { getDesk } from '../../bridge/desk';
import { openLink } from '../../bridge/open-link';
import { useDeskAction } from '../../hooks/useDeskAction';
import { ErrorAlert } from '../../components/ErrorAlert';

/** Builds a signup link for a partner's plan list or for one plan, with the new venue's logo and a reference. */
export function SignupLinkForm() {
  const [kind, setKind] = useState<'partner' | 'plan'>('partner');
  const [id, setId] = useState('');
  const [logoUrl, setLogoUrl] = useState('');
  const [reference, setReference] = useState('');
  const [url, setUrl] = useState<string | null>(null);
  const [openProblem, setOpenProblem] = useState<string | null>(null);
  const build = useDeskAction(() =>
    getDesk().buildSignupLink({
      ...(kind === 'partner' ? { partnerId: id } : { planId: id }),
      ...(logoUrl ? { logoUrl } : {}),
      ...(reference ? { reference } : {}),
    }),
  );
  const submit = async () => {
    const result = await build.run();
    if (result) setUrl(result.url);
  };
  const open = async (link: string) => {
    try {
      setOpenProblem(await openLink(link));
    } catch (error) {
      setOpenProblem(error instanceof Error ? error.message : 'The link could not be opened.');
    }
  };
  return (
    <form onSubmit={(event) => (event.preventDefault(), void submit())}>
      <Stack gap="xs" maw={560}>
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value as 'partner' | 'plan')}
          data={[
            { label: "Partner's plans", value: 'partner' },
            { label: 'One plan', value: 'plan' },
          ]}
        />
        <TextInput
          label={kind === 'partner' ? 'Partner id' : 'Plan id'}
          value={id}
          onChange={(e) => setId(e.currentTarget.value)}
          required
        />
        <TextInput
          label="Logo address of the new venue (optional)"
          placeholder="https://…/logo.png"
          value={logoUrl}
          onChange={(e) => setLogoUrl(e.currentTarget.value)}
        />
        <TextInput
          label="Reference (optional)"
          description="Comes back in the new-account notification"
          value={reference}
          onChange={(e) => setReference(e.currentTarget.value)}
        />
        <ErrorAlert error={build.error} />
        <Group>
          <Button type="submit" variant="light" loading={build.busy}>
            Build signup link
          </Button>
        </Group>
        {url && (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" style={{ wordBreak: 'break-all' }} aria-label="signup link">
              {url}
            </Text>
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button size="xs" variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <Button size="xs" variant="default" onClick={() => void open(url)}>
              Open
            </Button>
          </Group>
        )}
        <ErrorAlert error={openProblem} />
      </Stack>
    </form>
  );
}

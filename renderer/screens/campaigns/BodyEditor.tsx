import { Button, Checkbox, Group, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { isSafeExternalUrl } from '../../../shared/bridge/external-url';
import { insertUnsubscribeLink, UNSUBSCRIBE_LINK_HTML } from '../../../shared/rules/campaign-checks';
import type { CampaignContent } from '../../stores/campaigns';
import { RichBodyEditor } from './RichBodyEditor';

/** How the body is made: written with the editor, HTML source, or a web page. */
export type BodyMode = 'rich' | 'source' | 'url';

/** The view a campaign opens in: its web page, its source when it is a designed email, else the editor. */
export function initialBodyMode(body: CampaignContent['body']): BodyMode {
  return body.kind === 'url' ? 'url' : looksDesigned(body.html) ? 'source' : 'rich';
}

/**
 * The body: written with the editor, pasted as HTML source, or a web page the service imports. The view
 * (`mode`) is kept by the campaign's editor, so a fix from the checklist or a visit to another tab leaves
 * staff in the view they chose.
 */
export function BodyEditor({
  mode,
  onModeChange,
  version,
  body,
  onChange,
  readOnly,
}: {
  mode: BodyMode;
  onModeChange: (mode: BodyMode) => void;
  /** Goes up when a fix changed the body from outside: the rich editor starts again from it. */
  version: number;
  body: CampaignContent['body'];
  onChange: (body: CampaignContent['body']) => void;
  readOnly: boolean;
}) {
  const [insertRequest, setInsertRequest] = useState<{ html: string; at: number } | null>(null);
  const html = body.kind === 'html' ? body.html : '';

  const switchTo = (next: BodyMode) => {
    onModeChange(next);
    if (next === 'url' && body.kind !== 'url') onChange({ kind: 'url', url: '', importImages: true });
    if (next !== 'url' && body.kind === 'url') onChange({ kind: 'html', html: '' });
  };

  const insertUnsubscribe = () => {
    if (mode === 'rich') setInsertRequest({ html: UNSUBSCRIBE_LINK_HTML, at: Date.now() });
    else onChange({ kind: 'html', html: insertUnsubscribeLink(html) });
  };

  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <SegmentedControl
          size="xs"
          value={mode}
          onChange={(value) => switchTo(value === 'url' ? 'url' : value === 'source' ? 'source' : 'rich')}
          disabled={readOnly}
          data={[
            { value: 'rich', label: 'Write' },
            { value: 'source', label: 'HTML source' },
            { value: 'url', label: 'Web page' },
          ]}
          aria-label="How the body is made"
        />
        {mode !== 'url' && (
          <Button size="xs" variant="light" onClick={insertUnsubscribe} disabled={readOnly}>
            Insert unsubscribe link
          </Button>
        )}
      </Group>
      {mode === 'rich' && (
        <>
          <RichBodyEditor
            key={version}
            html={html}
            onChange={(next) => onChange({ kind: 'html', html: next })}
            insertRequest={insertRequest}
            readOnly={readOnly}
          />
          <Text size="xs" c="dimmed">
            For designed emails (tables, colours), paste the HTML under "HTML source": the editor keeps simple
            formatting only.
          </Text>
        </>
      )}
      {mode === 'source' && (
        <Textarea
          aria-label="HTML source"
          value={html}
          onChange={(event) => onChange({ kind: 'html', html: event.currentTarget.value })}
          autosize
          minRows={12}
          maxRows={24}
          readOnly={readOnly}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          placeholder="<html><body>…</body></html>"
        />
      )}
      {mode === 'url' && body.kind === 'url' && (
        <Stack gap={6}>
          <WebPageAddress url={body.url} onChange={(url) => onChange({ ...body, url })} readOnly={readOnly} />
          <Checkbox
            label="Copy the page's images to the service (import images)"
            checked={body.importImages}
            onChange={(event) => onChange({ ...body, importImages: event.currentTarget.checked })}
            disabled={readOnly}
          />
          <Text size="xs" c="dimmed">
            The service reads the page when the campaign is checked, tested or sent; it must have an unsubscribe link to
            #unsubscribe#.
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The web page's address. Only an https address to a real host is kept (and saved with the draft, as
 * the bridge requires); while what is typed is not one, it stays in the box with the reason and the
 * campaign keeps the last good address, so nothing else is ever sent to the service to fetch.
 */
function WebPageAddress({
  url,
  onChange,
  readOnly,
}: {
  url: string;
  onChange: (url: string) => void;
  readOnly: boolean;
}) {
  const [typed, setTyped] = useState(url);
  const usable = (value: string) => value === '' || isSafeExternalUrl(value);
  return (
    <TextInput
      label="Address of the page"
      placeholder="https://…"
      value={typed}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setTyped(value);
        if (usable(value.trim())) onChange(value.trim());
      }}
      error={
        usable(typed.trim())
          ? undefined
          : `Use a full address starting with https:// (${url ? `the campaign keeps ${url}` : 'nothing is kept until then'}).`
      }
      readOnly={readOnly}
    />
  );
}

/** Whether HTML is a designed email (the editor would lose its layout). */
function looksDesigned(html: string): boolean {
  return /<(table|style|html|body|div)\b/i.test(html);
}

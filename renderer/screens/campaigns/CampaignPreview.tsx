import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { showPreviewImages, useCampaigns } from '../../stores/campaigns';
import { previewDocument } from './preview-html';

const WIDTHS = { desktop: 640, phone: 375 } as const;

/**
 * The campaign as a guest's email program would show it, in a sandboxed frame: no scripts, no same
 * origin, no forms or popups (the attribute is empty), so pasted HTML can do nothing to the desk. The
 * frame gets the body with scripts removed and nothing from the web until staff choose "Show images"
 * for this campaign (preview-html.ts): a remote image is how a sender learns an email was opened.
 */
export function CampaignPreview({
  campaignId,
  html,
  subject,
  fromName,
}: {
  campaignId: string;
  html: string;
  subject: string;
  fromName: string;
}) {
  const [width, setWidth] = useState<keyof typeof WIDTHS>('desktop');
  const imagesShown = useCampaigns((state) => state.imagesShown[campaignId] === true);
  const shown = useMemo(() => previewDocument(html, imagesShown), [html, imagesShown]);
  return (
    <Stack gap={6} miw={0}>
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Preview
        </Text>
        <SegmentedControl
          size="xs"
          value={width}
          onChange={(value) => setWidth(value === 'phone' ? 'phone' : 'desktop')}
          data={[
            { value: 'desktop', label: 'Desktop' },
            { value: 'phone', label: 'Phone' },
          ]}
          aria-label="Preview width"
        />
      </Group>
      {!imagesShown && shown.remote > 0 && (
        <Alert color="gray" p="xs" aria-label="Images from the web">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="xs">
              {shown.remote === 1
                ? '1 image or style from the web is'
                : `${shown.remote} images and styles from the web are`}{' '}
              not loaded: loading them can tell the sender's servers that this campaign was opened here.
            </Text>
            <Button
              size="compact-xs"
              variant="default"
              style={{ flexShrink: 0 }}
              onClick={() => showPreviewImages(campaignId, true)}
            >
              Show images
            </Button>
          </Group>
        </Alert>
      )}
      {imagesShown && (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" c="dimmed">
            Images from the web (https) are shown for this campaign
            {shown.remote > 0 ? `; ${shown.remote} other items from the web are never loaded here` : ''}.
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            style={{ flexShrink: 0 }}
            onClick={() => showPreviewImages(campaignId, false)}
          >
            Hide images
          </Button>
        </Group>
      )}
      <Paper withBorder p={6} style={{ width: WIDTHS[width] + 14, maxWidth: '100%' }}>
        <Text size="xs" c="dimmed" truncate>
          {fromName || 'Sender'} — {subject || '(no subject)'}
        </Text>
        <iframe
          title="Campaign preview"
          sandbox=""
          referrerPolicy="no-referrer"
          srcDoc={shown.html}
          style={{ width: '100%', height: 520, border: 0, background: 'white' }}
        />
      </Paper>
    </Stack>
  );
}

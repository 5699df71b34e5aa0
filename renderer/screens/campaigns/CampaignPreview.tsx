import { Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';

const WIDTHS = { desktop: 640, phone: 375 } as const;

/**
 * The campaign as a guest's email program would show it, in a sandboxed frame: no scripts, no same
 * origin, no forms or popups (the attribute is empty), so pasted HTML can do nothing to the desk.
 */
export function CampaignPreview({ html, subject, fromName }: { html: string; subject: string; fromName: string }) {
  const [width, setWidth] = useState<keyof typeof WIDTHS>('desktop');
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
      <Paper withBorder p={6} style={{ width: WIDTHS[width] + 14, maxWidth: '100%' }}>
        <Text size="xs" c="dimmed" truncate>
          {fromName || 'Sender'} — {subject || '(no subject)'}
        </Text>
        <iframe
          title="Campaign preview"
          sandbox=""
          referrerPolicy="no-referrer"
          srcDoc={html}
          style={{ width: '100%', height: 520, border: 0, background: 'white' }}
        />
      </Paper>
    </Stack>
  );
}

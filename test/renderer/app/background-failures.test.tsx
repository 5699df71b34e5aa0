import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackgroundFailureLine } from '../../../renderer/app/BackgroundFailureLine';
import { reportBackgroundFailure, useBackgroundFailures } from '../../../renderer/stores/background-failures';
import { renderWithProviders } from '../render';

/** The status line as the shell shows it: only while there is a failure. */
function Line() {
  const failure = useBackgroundFailures((state) => state.latest);
  return failure ? <BackgroundFailureLine failure={failure} /> : null;
}

describe('background failures are reported, never swallowed', () => {
  afterEach(() => useBackgroundFailures.setState({ latest: null }));

  it('logs the failure and shows it in the status line until dismissed', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<Line />);
    const error = new Error('The desk is not reachable');
    reportBackgroundFailure('Syncing guests', error);
    expect(log).toHaveBeenCalledWith('[desk] Syncing guests failed:', error);
    const line = await screen.findByRole('status', { name: 'background problem' });
    expect(line).toHaveTextContent(/Syncing guests failed at .*: The desk is not reachable/);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status', { name: 'background problem' })).not.toBeInTheDocument();
    log.mockRestore();
  });
});

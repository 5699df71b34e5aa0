import { describe, expect, it } from 'vitest';
import { createHarness } from './support/outbox-harness';

describe('whether answers wait for a delivery round', () => {
  it('says so from the moment a call answers until its round has recorded it', async () => {
    const { outbox, service } = createHarness();
    const release = service.hold();
    outbox.enqueue('push_contact', { PatronName: 'Guest 1', PatronEmail: 'guest1@example.com' });
    // The call leaves on the next turn and waits for the service.
    await new Promise((resolve) => setImmediate(resolve));
    expect(service.calls.length).toBeGreaterThan(0);
    expect(outbox.answersWaiting()).toBe(false);
    release();
    // The answer arrives (promise callbacks, all run before the next turn); its round is scheduled for that turn.
    for (let tick = 0; tick < 50; tick++) await Promise.resolve();
    expect(outbox.answersWaiting()).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(outbox.answersWaiting()).toBe(false);
    expect(outbox.summary().counts).toMatchObject({ sent: 1 });
    await outbox.stop();
  });
});

import { describe, expect, it } from 'vitest';
import { createOfflineBreaker } from '../../../electron/core/outbox/breaker';
import { createFakeClock } from './support/fake-clock';

/** A breaker whose probe answers from a list; records probes and changes. */
function setup(answers: boolean[]) {
  const clock = createFakeClock();
  const changes: boolean[] = [];
  let probes = 0;
  const breaker = createOfflineBreaker({
    clock,
    intervalMs: 5000,
    probe: async () => {
      probes++;
      return answers.shift() ?? false;
    },
    onChange: (online) => changes.push(online),
  });
  return { clock, breaker, changes, probes: () => probes };
}

/** Lets pending promise callbacks run. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('the offline breaker', () => {
  it('starts online and does not probe until tripped', () => {
    const { breaker, clock, probes } = setup([]);
    clock.advance(60_000);
    expect(breaker.online).toBe(true);
    expect(probes()).toBe(0);
  });

  it('probes every interval while offline and closes when the service answers', async () => {
    const { breaker, clock, changes, probes } = setup([false, false, true]);
    breaker.trip();
    expect(breaker.online).toBe(false);
    clock.advance(4999);
    expect(probes()).toBe(0);
    clock.advance(1);
    await flush();
    expect(probes()).toBe(1);
    clock.advance(5000);
    await flush();
    expect(breaker.online).toBe(false);
    clock.advance(5000);
    await flush();
    expect(probes()).toBe(3);
    expect(breaker.online).toBe(true);
    expect(changes).toEqual([false, true]);
    clock.advance(60_000);
    expect(probes()).toBe(3);
  });

  it('closes at once when told the network is back, without a probe', () => {
    const { breaker, changes, probes, clock } = setup([]);
    breaker.trip();
    breaker.notifyOnline();
    expect(breaker.online).toBe(true);
    expect(changes).toEqual([false, true]);
    clock.advance(60_000);
    expect(probes()).toBe(0);
  });

  it('a second trip while open changes nothing; stop ends probing', async () => {
    const { breaker, changes, probes, clock } = setup([]);
    breaker.trip();
    breaker.trip();
    expect(changes).toEqual([false]);
    breaker.stop();
    clock.advance(60_000);
    await flush();
    expect(probes()).toBe(0);
  });
});

import { createDispatcher } from '../../shared/bridge/dispatch';
import { fakeHandlers } from '../support/fake-handlers';
import { percentile, type BenchRow } from './table';

/** The bridge's validation cost per call: dispatch (schema in and out) against calling the handler directly. */
export async function benchBridgeDispatch(iterations = 20_000): Promise<BenchRow[]> {
  const handlers = fakeHandlers();
  const dispatch = createDispatcher(handlers);
  const time = async (call: () => unknown) => {
    const samples: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const start = performance.now();
      await call();
      samples.push((performance.now() - start) * 1000);
    }
    return percentile(samples, 50);
  };
  const direct = await time(() => handlers.openExternal({ url: 'https://example.com/' }));
  const viaBridge = await time(() => dispatch('openExternal', { url: 'https://example.com/' }));
  return [
    {
      name: 'bridge dispatch p50 (openExternal)',
      value: viaBridge,
      baseline: direct,
      baselineName: 'handler called directly',
      unit: 'µs',
    },
  ];
}

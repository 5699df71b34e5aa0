// Run as a separate process by the keychain tests: prints what a freshly started desk core reads.
import { openKeychain } from '../../electron/core/secrets/keytar-store';

const [service = 'Venue Desk', name = 'apiKey'] = process.argv.slice(2);
const keychain = await openKeychain(service);
const value = keychain.available ? await keychain.store.get(name as 'apiKey' | 'partnerSecret') : null;
process.stdout.write(
  JSON.stringify({ available: keychain.available, reason: keychain.available ? undefined : keychain.reason, value }),
);

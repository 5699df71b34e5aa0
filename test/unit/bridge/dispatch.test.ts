import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../shared/bridge/dispatch';
import { UserFacingError } from '../../../shared/bridge/result';
import { fakeHandlers } from '../../support/fake-handlers';

describe('createDispatcher', () => {
  it('calls the handler with the parsed argument', async () => {
    const dispatch = createDispatcher(fakeHandlers());
    await expect(dispatch('openExternal', { url: 'https://example.com' })).resolves.toEqual({
      ok: true,
      value: { opened: true },
    });
  });

  it('rejects arguments that fail the schema, naming the channel and the field', async () => {
    let called = false;
    const dispatch = createDispatcher(fakeHandlers({ openExternal: () => ((called = true), { opened: true }) }));
    const result = await dispatch('openExternal', { url: 42 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('bad-request');
    expect(result.error.message).toContain('Invalid arguments for openExternal');
    expect(result.error.message).toContain('url');
    expect(called).toBe(false);
  });

  it('rejects unexpected extra fields and unknown channels', async () => {
    const dispatch = createDispatcher(fakeHandlers());
    expect((await dispatch('getStatus', { sneaky: true })).ok).toBe(false);
    const unknown = await dispatch('__proto__', {});
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
  });

  it('hides internal errors but passes user-facing ones through', async () => {
    const logged: unknown[] = [];
    const dispatch = createDispatcher(
      fakeHandlers({
        getStatus: () => {
          throw new Error('SQLITE_BUSY at /home/secret/path');
        },
        getAppInfo: () => {
          throw new UserFacingError('The keychain is locked.');
        },
      }),
      (_channel, error) => logged.push(error),
    );
    const hidden = await dispatch('getStatus', {});
    expect(hidden).toMatchObject({ ok: false, error: { code: 'failed' } });
    expect(JSON.stringify(hidden)).not.toContain('SQLITE_BUSY');
    expect(await dispatch('getAppInfo', {})).toMatchObject({
      ok: false,
      error: { message: 'The keychain is locked.' },
    });
    expect(logged).toHaveLength(2);
  });

  it('refuses a handler answer that breaks the contract', async () => {
    const dispatch = createDispatcher(fakeHandlers({ getStatus: () => ({ online: 'yes' }) as never }));
    expect((await dispatch('getStatus', {})).ok).toBe(false);
  });

  it('hands on a booking page’s bookings as the core validated them, and still refuses a page that breaks the contract', async () => {
    const booking = { reservation: { id: 'B1' }, contact: { client_id: 'c1', contact_id: '7' } };
    const page = { pullId: 'pull_1', offset: 0, limit: 10 };
    const handing = createDispatcher(
      fakeHandlers({ pullReservationsPage: () => ({ bookings: [booking], remaining: 0 }) }),
    );
    const handed = await handing('pullReservationsPage', page);
    // Validated once where the service's answer entered the core (shared/api/streamed-answer.ts), not copied again.
    expect(handed.ok && (handed.value as { bookings: unknown[] }).bookings[0]).toBe(booking);
    const broken = createDispatcher(
      fakeHandlers({ pullReservationsPage: () => ({ bookings: 'none', remaining: -1 }) as never }),
    );
    expect((await broken('pullReservationsPage', page)).ok).toBe(false);
  });
});

describe('a campaign’s web page address (issue 22)', () => {
  const draft = (url: string) => ({
    id: 'cmp-0f8a3c1e-2b4d-4e6f-8a9b-0c1d2e3f4a5b',
    content: {
      name: '',
      subject: 'Menu',
      fromName: 'Harbour',
      fromEmail: 'events@harbour.example.com',
      body: { kind: 'url', url, importImages: true },
      audience: { categories: ['all'] },
    },
  });

  it('is saved only empty or as https to a real host: never http, file:, javascript:, an address without a scheme or one with a password', async () => {
    const saved: string[] = [];
    const dispatch = createDispatcher(
      fakeHandlers({
        saveCampaignDraft: ({ id, content }) => {
          if (content.body.kind === 'url') saved.push(content.body.url);
          const now = new Date().toISOString();
          return { id, ...content, state: 'draft', createdAt: now, updatedAt: now };
        },
      }),
    );
    for (const url of ['', 'https://venue.example/menu'])
      expect((await dispatch('saveCampaignDraft', draft(url))).ok, url).toBe(true);
    for (const url of [
      'http://venue.example/menu',
      'venue.example/menu',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'https://staff:secret@venue.example/menu',
      'ftp://venue.example/menu',
    ]) {
      const result = await dispatch('saveCampaignDraft', draft(url));
      expect(result.ok, url).toBe(false);
      if (!result.ok) expect(result.error.message).toContain('must be a full https:// address');
    }
    expect(saved).toEqual(['', 'https://venue.example/menu']);
  });
});

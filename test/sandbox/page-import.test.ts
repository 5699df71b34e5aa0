// campaign_create with a url (issue 22, item 4): public addresses only, no redirects, a bounded body.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../sandbox/campaigns/page-import';
import type { SandboxOptions } from '../../sandbox/index';
import { makeSandbox, type TestSandbox } from './support/sandbox';

/** A web server on 127.0.0.1 serving the pages of a test, counting every request. */
async function startPages(handler: (request: IncomingMessage, response: ServerResponse) => void) {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    hits,
    url: (path: string, host = '127.0.0.1') => `http://${host}:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestSandbox;
let pages: Awaited<ReturnType<typeof startPages>>;
const BIG = 'x'.repeat(64 * 1024);

beforeEach(async () => {
  pages = await startPages((request, response) => {
    if (request.url === '/news')
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p>News of the week</p>');
    else if (request.url === '/moved') response.writeHead(302, { location: '/news' }).end();
    else if (request.url === '/big') response.writeHead(200, { 'content-type': 'text/html' }).end(BIG);
    else if (request.url === '/streamed') {
      // No length announced: the limit has to be kept while reading.
      response.writeHead(200, { 'content-type': 'text/html' });
      for (let i = 0; i < 64; i += 1) response.write('y'.repeat(1024));
      response.end();
    } else response.writeHead(404).end();
  });
});

afterEach(async () => {
  await t?.close();
  await pages.close();
});

/** campaign_create with the url, on a sandbox built with these page import options. */
async function createFrom(url: string, pageImport?: SandboxOptions['pageImport']) {
  t = makeSandbox(pageImport ? { pageImport } : {});
  return (await t.form('campaign_create', { type: 'email', subject: 'News', from_name: 'Harbour', url })).body as {
    result: boolean;
    message?: string;
    data?: { campaign_id: string };
  };
}

describe('the page a campaign is made from', () => {
  it('is never fetched from this computer or a private network, by address or by a name that resolves there', async () => {
    for (const url of [pages.url('/news'), pages.url('/news', 'localhost'), pages.url('/news', '[::ffff:127.0.0.1]')]) {
      const answer = await createFrom(url);
      expect(answer, url).toMatchObject({ result: false, code: 400 });
      expect(answer.message, url).toMatch(/^Unable to import the page at url: .*not on the public internet/);
      await t.close();
    }
    expect(pages.hits).toEqual([]);
  });

  it('is imported when it answers at its own address (a test page the sandbox is allowed to reach)', async () => {
    const answer = await createFrom(pages.url('/news'), { allowPrivateAddresses: true });
    expect(answer).toMatchObject({ result: true, data: { campaign_id: expect.any(String) } });
    const stored = t.sandbox.context.db
      .prepare('SELECT html, url FROM campaigns WHERE id = ?')
      .get(answer.data!.campaign_id) as { html: string; url: string };
    expect(stored).toEqual({ html: '<p>News of the week</p>', url: pages.url('/news') });
  });

  it('is refused when it redirects, and the address it redirects to is never asked', async () => {
    const answer = await createFrom(pages.url('/moved'), { allowPrivateAddresses: true });
    expect(answer).toMatchObject({ result: false, code: 400 });
    expect(answer.message).toBe(
      'Unable to import the page at url: it redirects (HTTP 302); give the address of the page itself',
    );
    expect(pages.hits).toEqual(['/moved']);
  });

  it('is refused past the size limit, whether the page announces its length or not', async () => {
    for (const path of ['/big', '/streamed']) {
      const answer = await createFrom(pages.url(path), { allowPrivateAddresses: true, maxBytes: 16 * 1024 });
      expect(answer, path).toMatchObject({ result: false, code: 400 });
      expect(answer.message, path).toBe('Unable to import the page at url: the page is larger than 16384 bytes');
      await t.close();
    }
  });

  it('knows public addresses from loopback, private, link-local, carrier-NAT and mapped ones', () => {
    for (const address of ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.20',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });
});

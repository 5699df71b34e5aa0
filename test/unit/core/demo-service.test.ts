// The desk's demo service: fresh credentials each launch, written for training scripts to drive it (issue 10, item 5).
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_SERVICE_FILE, startDemoService } from '../../../electron/core/account/demo-service';
import type { DemoService } from '../../../electron/core/account/account-manager';
import { requestToken, TokenRefusedError } from '../../../shared/api';

const dirs: string[] = [];
const running: DemoService[] = [];
afterEach(async () => {
  for (const demo of running.splice(0)) await demo.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface DemoServiceFile {
  baseUrl: string;
  apiKey: string;
  clientId: string;
  username: string;
  password: string;
  operatorToken: string;
  operatorTokenHeader: string;
}

async function launch(dataDir: string) {
  const demo = await startDemoService(dataDir);
  running.push(demo);
  const file = join(dataDir, DEMO_SERVICE_FILE);
  return { demo, file, written: JSON.parse(readFileSync(file, 'utf8')) as DemoServiceFile };
}

const categories = (baseUrl: string, apiKey: string) => fetch(`${baseUrl}/v1/${apiKey}/categories`, { method: 'POST' });

describe('the demo service', () => {
  it('writes its address and per-launch credentials to demo-service.json, readable by its owner only, and they drive it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'desk-demo-'));
    dirs.push(dataDir);
    const { demo, file, written } = await launch(dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(written.baseUrl).toBe(demo.baseUrl);
    expect(written.apiKey).toMatch(/^[0-9a-f]{48}$/);
    expect(written.apiKey).toBe(demo.apiKey);
    expect((await categories(written.baseUrl, written.apiKey)).status).toBe(200);
    const operator = await fetch(`${written.baseUrl}/_operator/accounts`, {
      headers: { [written.operatorTokenHeader]: written.operatorToken },
    });
    expect(operator.status).toBe(200);
    expect(
      await requestToken({ baseUrl: written.baseUrl, username: written.username, password: written.password }),
    ).toMatchObject({ clientId: written.clientId });
    expect(
      await requestToken({ baseUrl: written.baseUrl, username: 'demo', password: 'demo-password' }).catch(
        (error: unknown) => error,
      ),
    ).toBeInstanceOf(TokenRefusedError);
  });

  it('revokes the previous launch’s key, password, token and operator token, and removes the file when it stops', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'desk-demo-'));
    dirs.push(dataDir);
    const first = await launch(dataDir);
    const token = await requestToken({
      baseUrl: first.written.baseUrl,
      username: first.written.username,
      password: first.written.password,
    });
    await first.demo.close();
    running.splice(running.indexOf(first.demo), 1);
    expect(existsSync(first.file)).toBe(false);

    const second = await launch(dataDir);
    expect(second.written.apiKey).not.toBe(first.written.apiKey);
    expect(second.written.operatorToken).not.toBe(first.written.operatorToken);
    expect(second.written.password).not.toBe(first.written.password);
    expect((await categories(second.written.baseUrl, first.written.apiKey)).status).toBe(401);
    expect((await categories(second.written.baseUrl, token.token)).status).toBe(401);
    expect((await categories(second.written.baseUrl, second.written.apiKey)).status).toBe(200);
    const oldOperator = await fetch(`${second.written.baseUrl}/_operator/accounts`, {
      headers: { [first.written.operatorTokenHeader]: first.written.operatorToken },
    });
    expect(oldOperator.status).toBe(401);
    const oldPassword = await requestToken({
      baseUrl: second.written.baseUrl,
      username: 'demo',
      password: first.written.password,
    }).catch((error: unknown) => error);
    expect(oldPassword).toBeInstanceOf(TokenRefusedError);
  });
});

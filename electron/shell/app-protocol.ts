import { net, protocol } from 'electron';
import { pathToFileURL } from 'node:url';
import { contentSecurityPolicy, contentTypeFor, resolveStaticPath } from '../common/static-files';

/** The scheme and host the renderer is served from, instead of file://. */
export const APP_ORIGIN = 'app://desk';

/** Declares app:// as a standard, secure scheme; must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Serves the built renderer on app://desk/, refusing any path outside it and adding the CSP. */
export function handleAppProtocol(rendererRoot: string): void {
  protocol.handle('app', async (request) => {
    const url = new URL(request.url);
    const file = url.host === 'desk' ? resolveStaticPath(rendererRoot, url.pathname) : null;
    if (!file) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).toString());
    if (!response.ok) return new Response('Not found', { status: 404 });
    return new Response(response.body, {
      headers: {
        'content-type': contentTypeFor(file),
        'content-security-policy': contentSecurityPolicy(),
        'x-content-type-options': 'nosniff',
      },
    });
  });
}

import { open, type FileHandle } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { contentTypeFor, resolveStaticPath } from '../common/static-files';

/** Opens a file for reading (tests pass one that removes the file first, as a build or an update might). */
export type OpenFile = (path: string) => Promise<FileHandle>;

const openForReading: OpenFile = (path) => open(path, 'r');

/**
 * Serves one file of the built renderer, or 404. The file is opened once and read from that handle, so a
 * file removed between the request and the read answers 404 rather than throwing on a stream nobody watches.
 */
export async function serveStaticFile(
  root: string,
  pathname: string,
  response: ServerResponse,
  headers: Record<string, string>,
  openFile: OpenFile = openForReading,
): Promise<void> {
  const file = resolveStaticPath(root, pathname);
  let handle: FileHandle | undefined;
  try {
    if (!file) return notFound(response);
    handle = await openFile(file).catch(() => undefined); // gone or unreadable: answered 404 below
    if (!handle) return notFound(response);
    const stat = await handle.stat();
    if (!stat.isFile()) return notFound(response);
    response.writeHead(200, { ...headers, 'content-type': contentTypeFor(file), 'content-length': String(stat.size) });
    const stream = handle.createReadStream({ autoClose: false });
    await pipeline(stream, response);
  } catch {
    // A read that failed after the headers went out can only be cut short.
    if (!response.headersSent) notFound(response);
    else response.destroy();
  } finally {
    await handle?.close().catch(() => undefined); // the answer is sent; a failed close changes nothing for it
  }
}

function notFound(response: ServerResponse): void {
  response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
}

// Response bodies: the service's envelope for failures, JSON answers, and a marker for transport faults.

/** A JSON response with the given status. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** A JSON response from text already serialized (pull_db builds its body as text for speed). */
export function rawJsonResponse(text: string, status = 200): Response {
  return new Response(text, { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

/** An HTML page (partner sign-in, signup, unsubscribe). */
export function htmlResponse(html: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } });
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

/**
 * Header on a response that must never reach the client: the transport adapters see it and break the
 * connection instead (destroy the socket over HTTP, throw a TypeError in-process).
 */
export const TRANSPORT_FAULT_HEADER = 'x-sandbox-transport-fault';

/** How the adapters break the connection: refused before anything was read, or dropped after the work was done. */
export type TransportFault = 'refuse' | 'drop';

/** A response that tells the adapter to break the connection. */
export function transportFaultResponse(fault: TransportFault): Response {
  return new Response(null, { status: 599, headers: { [TRANSPORT_FAULT_HEADER]: fault } });
}

/** A request the sandbox refuses as malformed: HTTP status plus the envelope's message. */
export class BadRequestError extends Error {
  readonly status: number;

  constructor(message: string, status = 400) {
    super(message);
    this.status = status;
  }
}

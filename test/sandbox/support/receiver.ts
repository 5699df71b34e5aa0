// A webhook receiver on 127.0.0.1 that records every POST and answers with scripted bodies.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface Received {
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- webhook bodies are checked field by field
  headers: Record<string, string | string[] | undefined>;
}

/** A running receiver. */
export interface Receiver {
  url: string;
  received: Received[];
  /** Bodies to answer with, in order; the last one repeats. */
  answers: string[];
  close(): Promise<void>;
}

/** Starts a receiver answering `answers` in turn (default "ok"). */
export async function startReceiver(answers: string[] = ['ok']): Promise<Receiver> {
  const received: Received[] = [];
  const receiver: Receiver = { url: '', received, answers, close: async () => undefined };
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ body: JSON.parse(text), headers: request.headers });
      const answer = receiver.answers[Math.min(received.length - 1, receiver.answers.length - 1)] ?? 'ok';
      response.writeHead(200, { 'content-type': 'text/plain' }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

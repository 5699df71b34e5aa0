/** A 200 answer whose body is `text` and then a connection lost part way (undici's "terminated"). */
export function answerBrokenAfter(text: string): Response {
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
      },
      pull(controller) {
        controller.error(new TypeError('terminated'));
      },
    }),
    { status: 200 },
  );
}

/** The first `count` elements of an array answer as the service starts sending them (the array not yet closed). */
export function openingOf(items: readonly unknown[], count: number): string {
  return JSON.stringify(items.slice(0, count)).slice(0, -1) + ',';
}

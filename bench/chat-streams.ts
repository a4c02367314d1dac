/**
 * Opens many chat streams (GET /chat/stream, read with fetch as the web app does), posts
 * messages, and measures how long each message takes to reach every stream. The server
 * allows a few streams per sign-in (CHAT_STREAMS_PER_SESSION, like a person's tabs), so the
 * streams are spread over `streamTokens`, `perSession` each.
 */
export interface StreamResult {
  streams: number;
  /** streams the server refused (e.g. 429, too many for one sign-in) */
  refused: number;
  messages: number;
  deliveries: number;
  p50: number;
  p99: number;
  max: number;
}

export async function measureChatStreams(
  baseUrl: string,
  streamTokens: string[],
  perSession: number,
  postToken: string,
  streams: number,
  messages: number,
  onOpen: () => void,
): Promise<StreamResult> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const controllers: AbortController[] = [];
  let ready = 0;
  let refused = 0;
  const readers = Array.from({ length: streams }, async (_, i) => {
    const controller = new AbortController();
    controllers.push(controller);
    const token = streamTokens[Math.floor(i / perSession) % streamTokens.length]!;
    const response = await fetch(`${baseUrl}/api/v1/chat/stream`, { headers: { authorization: token }, signal: controller.signal });
    if (!response.ok) {
      refused += 1;
      await response.body?.cancel();
      return;
    }
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let counted = false;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        if (!counted && buffer.includes('retry:')) {
          counted = true;
          ready += 1;
        }
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) {
            const text = (JSON.parse(data.slice(6)) as { text: string }).text;
            const started = sentAt.get(text);
            if (started !== undefined) latencies.push(performance.now() - started);
          }
        }
      }
    } catch {
      // aborted at the end
    }
  });
  const deadline = Date.now() + 30_000;
  while (ready + refused < streams && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 300));
  onOpen();
  for (let i = 0; i < messages; i += 1) {
    const text = `stream probe ${i}`;
    sentAt.set(text, performance.now());
    await fetch(`${baseUrl}/api/v1/chat/createchat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: postToken },
      body: JSON.stringify({ text }),
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));
  controllers.forEach((controller) => controller.abort());
  await Promise.allSettled(readers);
  latencies.sort((a, b) => a - b);
  const at = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] ?? NaN);
  return { streams: ready, refused, messages, deliveries: latencies.length, p50: at(0.5), p99: at(0.99), max: Math.round(latencies.at(-1) ?? NaN) };
}

// The fetch a Streamable HTTP MCP connection uses: every response body is cut off with an
// error once it passes a byte limit. The SDK reads a JSON answer whole (`response.json()`)
// and buffers SSE events until their end, so without this an HTTP server could make Sluice
// hold any amount of memory; stdio has the SDK's own 10 MB message limit.
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/** Bytes one HTTP response (a JSON answer or one SSE stream) may carry. */
export const MAX_HTTP_RESPONSE_BYTES = 32 * 1024 * 1024;

export function cappedFetch(limit = MAX_HTTP_RESPONSE_BYTES, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (!response.body || [101, 204, 205, 304].includes(response.status)) return response;
    let seen = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > limit)
            controller.error(
              new Error(`the server's response passed ${limit} bytes and was cut off`),
            );
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

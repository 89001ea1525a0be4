// The browser-mode WebSocket framing (the renderer's websocket transport speaks the same):
//   client → server  {"id": <string|number>, "channel": "service.method", "payload": …}
//   server → client  {"id": <same>, "result": WireResult}
//   server → client  {"event": "<contract event name>", "payload": …}
// A frame that is not valid JSON or lacks id/channel gets {"id": null, "result": error}.
import { z } from 'zod';
import type { WireResult } from '../../../shared/contract';
import { MAX_TURN_IMAGE_BYTES } from '../../../shared/image-attachments';

/** Room for a message with its images at their most (base64), and 4 MB for the rest. */
export const MAX_FRAME_BYTES = (MAX_TURN_IMAGE_BYTES / 3) * 4 + 4 * 1024 * 1024;

export const requestFrameSchema = z.object({
  id: z.union([z.string().max(100), z.number()]),
  channel: z.string().max(200),
  payload: z.unknown(),
});
export type RequestFrame = z.infer<typeof requestFrameSchema>;

export type ResponseFrame = { id: string | number | null; result: WireResult };
export type EventFrame = { event: string; payload: unknown };

export function parseRequestFrame(
  data: string,
): { ok: true; frame: RequestFrame } | { ok: false; response: ResponseFrame } {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return {
      ok: false,
      response: {
        id: null,
        result: {
          ok: false,
          error: { name: 'InvalidFrameError', message: 'The frame is not valid JSON.' },
        },
      },
    };
  }
  const parsed = requestFrameSchema.safeParse(json);
  if (!parsed.success) {
    const id =
      typeof json === 'object' &&
      json &&
      'id' in json &&
      (typeof json.id === 'string' || typeof json.id === 'number')
        ? json.id
        : null;
    return {
      ok: false,
      response: {
        id,
        result: {
          ok: false,
          error: {
            name: 'InvalidFrameError',
            message: 'A request frame needs {id, channel, payload}.',
          },
        },
      },
    };
  }
  return { ok: true, frame: parsed.data };
}

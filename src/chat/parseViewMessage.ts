import { z } from 'zod';
import type { ViewMessage } from './chatProtocol';

const MAX_TEXT = 1_000_000;

const viewMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('send'), text: z.string().max(MAX_TEXT) }),
  z.object({ type: z.literal('stop') }),
  z.object({ type: z.literal('retry'), turnId: z.string().max(100) }),
  z.object({ type: z.literal('runAsTask'), turnId: z.string().max(100) }),
  z.object({ type: z.literal('removeContext') }),
  z.object({ type: z.literal('mentionQuery'), query: z.string().max(500) }),
  z.object({
    type: z.literal('codeAction'),
    action: z.enum(['copy', 'insert', 'apply']),
    code: z.string().max(MAX_TEXT),
    path: z.string().max(1000).optional(),
  }),
  z.object({ type: z.literal('openLink'), href: z.string().max(8000) }),
]);

/** A message from the webview, or undefined when it is not one we understand. */
export function parseViewMessage(raw: unknown): ViewMessage | undefined {
  const parsed = viewMessage.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

import type { TransportResponse } from '../../utils/engine/net/fetch-types';

/** Reads a transport answer's body to its end, a chunk at a time, as the fetch module reads it. */
export async function eachChunk(response: TransportResponse, onChunk: (chunk: Uint8Array) => void): Promise<void> {
  const reader = response.body?.getReader();
  if (reader) for (let r = await reader.read(); !r.done; r = await reader.read()) onChunk(r.value);
}

/** A transport answer's whole body as text. */
export async function bodyText(response: TransportResponse): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  await eachChunk(response, (chunk) => (text += decoder.decode(chunk, { stream: true })));
  return text + decoder.decode();
}

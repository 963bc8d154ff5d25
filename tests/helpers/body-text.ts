import type { TransportResponse } from '../../utils/engine/net/fetch-types';

/** A transport answer's whole body as text, read the way the fetch module reads it. */
export async function bodyText(response: TransportResponse): Promise<string> {
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let text = '';
  if (reader) for (let r = await reader.read(); !r.done; r = await reader.read()) text += decoder.decode(r.value, { stream: true });
  return text + decoder.decode();
}

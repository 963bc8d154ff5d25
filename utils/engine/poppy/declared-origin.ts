import { POPPY } from '../spec';

/**
 * The site a poppy.json says it belongs to: `https://` + its `organization.domain`, when that is
 * a plain host name (with a port at most); null otherwise. Files checked before they are
 * published (a directory, or files dropped on the full-page report) take their origin from it.
 */
export function declaredOrigin(poppyText: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(poppyText);
  } catch {
    return null;
  }
  const organization = (value as Record<string, unknown> | null)?.[POPPY.organization];
  const domain = (organization as Record<string, unknown> | null | undefined)?.domain;
  if (typeof domain !== 'string' || !/^[a-z0-9.-]+(:\d+)?$/i.test(domain)) return null;
  return URL.canParse(`https://${domain}`) ? new URL(`https://${domain}`).origin : null;
}

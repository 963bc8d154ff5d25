/**
 * The toolbar icon as decoded pixels, made once per worker life (a module cache: a worker that
 * restarts decodes again, in about 10 ms). Given paths, Chromium's worker fetches and decodes
 * every PNG on every `setIcon` call: 26–40 ms for the manifest's four sizes, 10–16 ms for two,
 * against 1 ms for pixels (Chromium 156, measured while this was written), and a check paints
 * each of its tabs twice. The PNGs are the ones in public/icon, inlined by the bundler, so no
 * request is made; where a context cannot decode them (no OffscreenCanvas), the paths are used.
 */
import lit16 from '../../../public/icon/16.png?inline';
import lit32 from '../../../public/icon/32.png?inline';
import idle16 from '../../../public/icon/idle-16.png?inline';
import idle32 from '../../../public/icon/idle-32.png?inline';
import { iconPaths, TOOLBAR_ICON_SIZES } from '../badge';

/** What `action.setIcon` is given besides the tab. */
export type IconDetails = { imageData: Record<string, ImageData> } | { path: Record<string, string> };

/** Data URLs of the toolbar sizes, by size, as public/icon has them. */
const SOURCES: Record<'lit' | 'idle', Record<(typeof TOOLBAR_ICON_SIZES)[number], string>> = {
  lit: { 16: lit16, 32: lit32 },
  idle: { 16: idle16, 32: idle32 },
};

export type IconDecoder = (dataUrl: string, size: number) => Promise<ImageData>;

const decoded = new Map<boolean, Promise<IconDetails>>();

export function toolbarIcon(lit: boolean, decode: IconDecoder = decodePng): Promise<IconDetails> {
  let icon = decoded.get(lit);
  if (!icon) {
    const sources = SOURCES[lit ? 'lit' : 'idle'];
    const pixels = TOOLBAR_ICON_SIZES.map(async (size) => [String(size), await decode(sources[size], size)] as const);
    icon = Promise.all(pixels).then(
      (entries) => ({ imageData: Object.fromEntries(entries) }),
      () => ({ path: iconPaths(lit) }),
    );
    decoded.set(lit, icon);
  }
  return icon;
}

/** Forgets the decoded icons (tests). */
export function forgetToolbarIcons(): void {
  decoded.clear();
}

function bytesOf(dataUrl: string): Uint8Array<ArrayBuffer> {
  const text = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

async function decodePng(dataUrl: string, size: number): Promise<ImageData> {
  const bitmap = await createImageBitmap(new Blob([bytesOf(dataUrl)], { type: 'image/png' }));
  const context = new OffscreenCanvas(size, size).getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.drawImage(bitmap, 0, 0, size, size);
  bitmap.close();
  return context.getImageData(0, 0, size, size);
}

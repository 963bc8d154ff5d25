import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { iconPaths } from '../../utils/extension/badge';
import { forgetToolbarIcons, toolbarIcon, type IconDecoder } from '../../utils/extension/platform/toolbar-icon';

/** A decoder that records what it was given and answers with a stand-in for the pixels. */
function recordingDecoder() {
  const calls: { bytes: Buffer; size: number }[] = [];
  const decode: IconDecoder = async (dataUrl, size) => {
    expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    calls.push({ bytes: Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'), size });
    return { width: size, height: size } as ImageData;
  };
  return { calls, decode };
}

const file = (name: string) => readFileSync(`public/icon/${name}.png`);

describe('toolbarIcon', () => {
  beforeEach(() => forgetToolbarIcons());

  it('decodes the toolbar sizes of public/icon once per state, and hands the pixels out after that', async () => {
    const { calls, decode } = recordingDecoder();
    const first = await toolbarIcon(true, decode);
    expect(first).toEqual({ imageData: { 16: { width: 16, height: 16 }, 32: { width: 32, height: 32 } } });
    expect(calls.map(({ bytes, size }) => [size, bytes.equals(file(String(size)))])).toEqual([
      [16, true],
      [32, true],
    ]);
    await toolbarIcon(true, decode);
    await toolbarIcon(true, decode);
    expect(calls).toHaveLength(2);

    await toolbarIcon(false, decode);
    expect(calls.slice(2).map(({ bytes, size }) => [size, bytes.equals(file(`idle-${size}`))])).toEqual([
      [16, true],
      [32, true],
    ]);
  });

  it('falls back to the paths where the images cannot be decoded, and does not try again', async () => {
    let tries = 0;
    const failing: IconDecoder = () => {
      tries++;
      return Promise.reject(new Error('no OffscreenCanvas'));
    };
    expect(await toolbarIcon(false, failing)).toEqual({ path: iconPaths(false) });
    expect(await toolbarIcon(false, failing)).toEqual({ path: iconPaths(false) });
    expect(tries).toBe(2); // both sizes, once
  });
});

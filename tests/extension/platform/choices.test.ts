// The options page and the panel store a choice, then tell the background (it keeps a copy of the
// choices for page visits, platform/storage.ts).
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { changeOptions, changeSiteQuiet } from '../../../utils/extension/platform/choices';
import * as storage from '../../../utils/extension/platform/storage';

const A = 'https://a.example';

/** What the background hears, and what storage held when it heard it. */
function listen() {
  const heard: { message: unknown; quiet: boolean | null; autoCheck: boolean }[] = [];
  fakeBrowser.runtime.onMessage.addListener(async (message: unknown) => {
    heard.push({ message, quiet: await storage.getSiteQuiet(A), autoCheck: (await storage.getOptions()).autoCheck });
  });
  return heard;
}

describe("the user's choices, stored and announced", () => {
  it('a site made quiet, and back: each stored before the background hears of it', async () => {
    const heard = listen();
    await changeSiteQuiet(A, true);
    await changeSiteQuiet(A, false);
    expect(heard).toEqual([
      { message: { type: 'choicesChanged' }, quiet: true, autoCheck: true },
      { message: { type: 'choicesChanged' }, quiet: false, autoCheck: true },
    ]);
  });

  it('an option switched', async () => {
    const heard = listen();
    await changeOptions({ autoCheck: false });
    expect(heard).toEqual([{ message: { type: 'choicesChanged' }, quiet: null, autoCheck: false }]);
  });

  it('a background that cannot be told does not undo the change', async () => {
    await expect(changeSiteQuiet(A, true)).resolves.toBeUndefined();
    expect(await storage.getSiteQuiet(A)).toBe(true);
  });
});

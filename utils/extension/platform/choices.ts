/**
 * The user's choices as the options page and the panel change them: stored, then the background
 * told, since it keeps a copy of them for page visits (platform/storage.ts). A background that
 * cannot be told (restarting) holds no copy yet, so the change is never lost.
 */
import { sendToBackground } from './messages';
import { setOptions, setSiteQuiet, type Options } from './storage';

async function stored(write: Promise<void>): Promise<void> {
  await write;
  await sendToBackground({ type: 'choicesChanged' }).catch(() => undefined);
}

/** The options page's switches (D5, D9, D13). */
export const changeOptions = (change: Partial<Options>): Promise<void> => stored(setOptions(change));

/** "Don't check this site automatically" (`quiet`) and its undo: the panel, and the options page's list. */
export const changeSiteQuiet = (origin: string, quiet: boolean): Promise<void> => stored(setSiteQuiet(origin, quiet));

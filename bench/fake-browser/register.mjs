// `node --import ./bench/fake-browser/register.mjs`: the extension's modules import `wxt/browser`;
// in this process they get WXT's in-memory fake browser instead (storage, tabs, events), so the
// real scheduler, storage module and engine run in Node against real HTTP servers.
import { register } from 'node:module';

register('./resolve.mjs', import.meta.url);

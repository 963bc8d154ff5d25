// What `wxt/browser` exports, backed by WXT's fake browser (see register.mjs).
import { fakeBrowser } from 'wxt/testing/fake-browser';

export const browser = fakeBrowser;

import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createScheduler } from '../../utils/extension/check-scheduler';
import { engineCheck } from '../../utils/extension/engine-check';
import { browserTransport } from '../../utils/engine/net/fetch-bounded';
import { messageListener } from '../../utils/extension/platform/messages';
import { selfIdentity } from '../../utils/extension/platform/runtime';
import * as storage from '../../utils/extension/platform/storage';
import { applyBadge, isPrivateTab, liveOrigin, setBadgeDefaults } from '../../utils/extension/platform/badge-applier';
import { backgroundHandlers } from './handlers';
import { createNetworkGuard } from '../../utils/extension/platform/network-guard';

// Only wiring. Every listener is registered synchronously at start, or an event that woke the
// worker would find no listener (MV3 service-worker lifecycle).
export default defineBackground(() => {
  const guard = createNetworkGuard(browserTransport);
  const scheduler = createScheduler({
    store: storage,
    runCheck: guard.guarded(engineCheck(guard.transport, storage.skillBodies)),
    showBadge: applyBadge,
    liveOrigin,
    isPrivateTab,
  });
  browser.runtime.onMessage.addListener(messageListener(backgroundHandlers(scheduler, liveOrigin), selfIdentity()));
  browser.tabs.onRemoved.addListener((tabId) => void scheduler.tabClosed(tabId));
  void setBadgeDefaults();
  void scheduler.resume();
});

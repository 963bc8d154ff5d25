import { useEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { Panel } from '../../components/Panel';
import type { PanelActions, PanelView } from '../../components/types';
import type { SafeNode } from '../../utils/markdown/types';
import { sendToBackground } from '../../utils/messages';
import { supportedOrigin } from '../../utils/page-support';
import { selectPanelView } from '../../utils/panel-view';
import { requestHostAccess } from '../../utils/permissions';
import { watchOrigin } from '../../utils/storage';
import { readPanelInputs, tabUrl } from './read-tab';

/** "Checked N minutes ago" stays true while the panel stays open. */
const CLOCK_TICK_MS = 30_000;

/**
 * The popup's controller: reads the tab's state from storage, renders the Panel, follows storage
 * changes, and turns panel actions into typed messages. It never fetches and never parses.
 */
export function Popup({ tabId }: { tabId: number | null }) {
  const [view, setView] = useState<PanelView>({ kind: 'loading' });
  const [url, setUrl] = useState<string | undefined>(undefined);
  const [now, setNow] = useState(() => new Date());
  const [generation, setGeneration] = useState(0); // bumped after a permission grant
  const origin = supportedOrigin(url);

  useEffect(() => {
    let stop = () => {};
    let live = true;
    void (async () => {
      const tabUrlNow = await tabUrl(tabId);
      const first = await readPanelInputs(tabUrlNow);
      if (!live) return;
      setUrl(tabUrlNow);
      setView(selectPanelView(first));
      const tabOrigin = supportedOrigin(tabUrlNow);
      if (tabId === null || !tabOrigin || !first.hasAccess) return;
      stop = watchOrigin(tabOrigin, () => void readPanelInputs(tabUrlNow).then((inputs) => live && setView(selectPanelView(inputs))));
      // Skill files on other hosts are fetched when the panel opens (D5); the answer arrives
      // through storage, which we now watch.
      void sendToBackground({ type: 'panelOpened', tabId });
    })();
    const clock = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => {
      live = false;
      stop();
      clearInterval(clock);
    };
  }, [tabId, generation]);

  const actions = useMemo<PanelActions>(
    () => ({
      recheck: () => {
        if (tabId !== null) void sendToBackground({ type: 'recheck', tabId });
      },
      // The background runs a check with other hosts allowed unless a fresh one already did.
      checkOtherHosts: () => {
        if (tabId !== null) void sendToBackground({ type: 'panelOpened', tabId });
      },
      // Called straight from the click: Firefox grants only inside the user gesture.
      grantAccess: () => void requestHostAccess(origin).then((granted) => granted && setGeneration((g) => g + 1)),
      loadSkillTree: (skill) =>
        tabId !== null && skill.status === 'verified' && skill.expectedDigest
          ? sendToBackground<SafeNode[]>({ type: 'getSkillTree', tabId, digest: skill.expectedDigest })
          : Promise.resolve(null),
      copy: (text) => navigator.clipboard.writeText(text),
      openLink: (link) => {
        if (/^https?:\/\//i.test(link)) void browser.tabs.create({ url: link });
      },
    }),
    [tabId, origin],
  );

  return <Panel view={view} actions={actions} now={now} />;
}

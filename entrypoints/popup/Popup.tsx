import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { Panel } from '../../components/Panel';
import { t } from '../../utils/extension/platform/i18n';
import type { PanelActions, PanelView } from '../../utils/extension/panel-types';
import { sendToBackground } from '../../utils/extension/platform/messages';
import { supportedOrigin } from '../../utils/extension/page-support';
import { sameView, SETTLED_MARK, selectPanelView } from '../../utils/extension/panel-view';
import { requestHostAccess } from '../../utils/extension/platform/permissions';
import { watchOrigin } from '../../utils/extension/platform/storage';
import { changeSiteQuiet } from '../../utils/extension/platform/choices';
import { openFullReport, openOptions } from '../../utils/extension/platform/runtime';
import { openSiteLink } from '../../utils/extension/platform/open-link';
import { startPreviewWorker } from '../../utils/extension/platform/preview-worker';
import { previewOf } from '../../utils/extension/skill-preview';
import { readPanelInputs, rereadPanelStart, type PanelStart } from '../../utils/extension/platform/read-tab';

/** "Checked N minutes ago" stays true while the panel stays open. */
const CLOCK_TICK_MS = 30_000;

/**
 * The popup's controller: shows what `start` read (begun before the first render), follows
 * storage changes, and turns panel actions into typed messages. It never fetches; a SKILL.md is
 * parsed in a worker it starts and stops (utils/extension/skill-preview.ts).
 */
export function Popup(props: { start: Promise<PanelStart> }) {
  const [start, setStart] = useState(() => props.start); // replaced after a permission grant
  const [opened, setOpened] = useState<PanelStart | null>(null);
  const [view, setView] = useState<PanelView>({ kind: 'loading' });
  const [now, setNow] = useState(() => new Date());
  const tabId = opened?.tabId ?? null;
  const origin = supportedOrigin(opened?.inputs.url);

  // A layout effect runs as soon as the loading view is committed; a plain one would wait for
  // the next frame and hold the cached answer back by as much (the panel's speed budget).
  useLayoutEffect(() => {
    let stop = () => {};
    let live = true;
    void start.then((first) => {
      if (!live) return;
      const { tabId, inputs } = first;
      setOpened(first);
      setView(selectPanelView(inputs));
      const tabOrigin = supportedOrigin(inputs.url);
      if (tabId === null || !tabOrigin || !inputs.hasAccess) return;
      // An unchanged view keeps the one on screen: nothing is built again (sameView).
      const show = (next: PanelView) => setView((shown) => (sameView(shown, next) ? shown : next));
      const refresh = () => void readPanelInputs(inputs.url).then((next) => live && show(selectPanelView(next)));
      stop = watchOrigin(tabOrigin, refresh);
      // A check may have ended between the first read and the watch: read once more, now that
      // no later change can be missed (otherwise the panel could wait on "checking" forever).
      refresh();
    });
    return () => {
      live = false;
      stop();
    };
  }, [start]);

  // Skill files on other hosts are fetched when the panel opens (D5); the answer arrives through
  // storage, watched from the moment the state was read. Sent after the first paint: the worker
  // it wakes would compete with this page for the processor.
  useEffect(() => {
    if (tabId !== null && origin && opened?.inputs.hasAccess) void sendToBackground({ type: 'panelOpened', tabId });
  }, [opened]);

  // A User Timing mark when the first result is on screen: the bench reads it in the real
  // toolbar popup, where no test code can be injected before the page loads.
  useLayoutEffect(() => {
    if (view.kind === 'report' && performance.getEntriesByName(SETTLED_MARK).length === 0) performance.mark(SETTLED_MARK);
  }, [view]);

  useEffect(() => {
    const clock = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(clock);
  }, []);

  const actions = useMemo<PanelActions>(
    () => ({
      recheck: () => {
        if (tabId !== null) void sendToBackground({ type: 'recheck', tabId });
      },
      // The background runs a check with other hosts allowed unless a fresh one already did.
      checkOtherHosts: () => {
        if (tabId !== null) void sendToBackground({ type: 'panelOpened', tabId });
      },
      // The user's opt-in to a bigger check of this tab's site; the worker remembers it per origin.
      checkRemaining: () => {
        if (tabId !== null) void sendToBackground({ type: 'checkRemaining', tabId });
      },
      forgetSite: () => {
        if (tabId !== null) void sendToBackground({ type: 'forgetSite', tabId });
      },
      // Called straight from the click: Firefox grants only inside the user gesture.
      grantAccess: () =>
        void requestHostAccess(origin).then((granted) => {
          if (granted) setStart(rereadPanelStart(tabId));
        }),
      loadSkillPreview: async (skill) => {
        if (tabId === null || !origin || skill.status !== 'verified' || !skill.expectedDigest) return null;
        const source = await sendToBackground({ type: 'getSkillText', tabId, digest: skill.expectedDigest });
        return source ? previewOf(source, origin, startPreviewWorker) : null;
      },
      copy: (text) => navigator.clipboard.writeText(text),
      openLink: (link) => openSiteLink(link, origin),
      // Stored, then read back like any other change, so the view shows what storage holds.
      setSiteQuiet: async (quiet) => {
        if (!origin) return;
        await changeSiteQuiet(origin, quiet);
        const next = await readPanelInputs(opened?.inputs.url);
        setView(selectPanelView(next));
      },
      openSettings: openOptions,
      openFullReport: origin ? () => openFullReport(origin) : undefined,
    }),
    [tabId, origin, opened],
  );

  return <Panel view={view} actions={actions} now={now} t={t} />;
}

import type { Scheduler } from '../../utils/extension/check-scheduler';
import type { Handlers } from '../../utils/extension/platform/messages';
import { choicesChanged, forgetSite, getResult, setResult, skillBodies } from '../../utils/extension/platform/storage';
import { verifiedMarkdown } from '../../utils/extension/verified-markdown';
import { reportSiteOrigin } from '../../utils/extension/report-site';

/**
 * What the background does for each accepted message. Panel messages name a tab; the origin is
 * what the browser says that tab shows now (`liveOrigin`), never a URL from the message.
 */
export function backgroundHandlers(scheduler: Scheduler, liveOrigin: (tabId: number) => Promise<string | null>): Handlers {
  const withOrigin =
    (act: (tabId: number, origin: string) => Promise<void>) =>
    async ({ tabId }: { tabId: number }) => {
      const origin = await liveOrigin(tabId);
      if (origin) await act(tabId, origin);
    };
  return {
    ...siteHandlers(scheduler),
    pageVisited: (_message, page) => scheduler.pageVisited(page.tabId, page.origin, page.incognito),
    choicesChanged: () => choicesChanged(),
    panelOpened: withOrigin(scheduler.panelOpened),
    recheck: withOrigin(scheduler.recheck),
    checkRemaining: withOrigin(scheduler.checkRemaining),
    // The memory and the changes the panel shows from it both go (D13).
    forgetSite: withOrigin(async (_tabId, origin) => {
      await forgetSite(origin);
      const result = await getResult(origin);
      if (result?.changes) {
        const { changes: _shown, ...rest } = result;
        await setResult(origin, rest);
      }
    }),
    // The text only: the panel parses it in a worker it can stop (utils/extension/skill-preview.ts).
    async getSkillText({ tabId, digest }) {
      const origin = await liveOrigin(tabId);
      if (!origin) return null;
      return verifiedMarkdown(await getResult(origin), digest, skillBodies);
    },
  };
}

/**
 * The full-page report's messages: the origin comes from the payload (the user typed it in our
 * own page), so it is accepted only as an origin the URL policy and the host matches allow,
 * spelled exactly as the page would have normalised it.
 */
function siteHandlers(scheduler: Scheduler): Pick<Handlers, 'checkSite' | 'getSiteSkillText'> {
  return {
    async checkSite({ origin, revalidate }) {
      if (reportSiteOrigin(origin) !== origin) return false;
      await scheduler.siteRequested(origin, revalidate);
      return true;
    },
    async getSiteSkillText({ origin, digest }) {
      if (reportSiteOrigin(origin) !== origin) return null;
      return verifiedMarkdown(await getResult(origin), digest, skillBodies);
    },
  };
}

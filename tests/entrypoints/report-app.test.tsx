/**
 * The full-page report's controller (entrypoints/report/ReportApp.tsx) against the real
 * background handlers and scheduler on WXT's fakeBrowser: what the page's root says from its very
 * first render, as an end-to-end test polling it would read it.
 */
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { render as renderNow } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { backgroundHandlers } from '../../entrypoints/background/handlers';
import { ReportApp } from '../../entrypoints/report/ReportApp';
import { createScheduler, type RunCheck } from '../../utils/extension/check-scheduler';
import { liveOrigin } from '../../utils/extension/platform/badge-applier';
import { messageListener } from '../../utils/extension/platform/messages';
import * as storage from '../../utils/extension/platform/storage';
import { installLocale, report } from '../extension/helpers';
import { siteFileMap } from '../fixtures/site-files';
import { northlight } from '../fixtures/sites/northlight';

const SITE = 'https://shop.example';
const self = { id: fakeBrowser.runtime.id, origin: `chrome-extension://${fakeBrowser.runtime.id}` };

/** Every value the root's data-verdict takes, in order, from before the first render on. */
function recordVerdicts(): string[] {
  const seen: string[] = [];
  const note = () => {
    const value = document.querySelector('[data-view]')?.getAttribute('data-verdict') ?? '(none)';
    if (document.querySelector('[data-view]') && seen.at(-1) !== value) seen.push(value);
  };
  new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
  return seen;
}

let container: HTMLElement | null = null;
afterEach(() => {
  if (container) renderNow(null, container);
  container?.remove();
  container = null;
  cleanup();
  vi.restoreAllMocks();
});

describe('report.html?site=<origin>', () => {
  let finish: () => void;
  let scheduler: ReturnType<typeof createScheduler>;
  beforeEach(() => {
    installLocale();
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Poppy Inspector', version: '1.2.3' });
    const permissions = fakeBrowser.permissions as unknown as Record<string, unknown>;
    permissions.contains = vi.fn(async () => true);
    permissions.request = vi.fn(async () => true);
    const runCheck = vi.fn<RunCheck>(
      (origin) => new Promise((resolve) => (finish = () => resolve({ report: report(origin, 'ok'), rawPoppy: '{}' }))),
    );
    scheduler = createScheduler({ store: storage, runCheck, showBadge: async () => undefined, liveOrigin });
    // The page is an extension page: its messages reach the background's listener as ours.
    const listener = messageListener(backgroundHandlers(scheduler, liveOrigin), self);
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation(
      (message: unknown) =>
        new Promise((resolve) => {
          const kept = listener(message, { id: self.id, url: `${self.origin}/report.html`, origin: self.origin }, resolve);
          if (kept !== true) resolve(undefined);
        }) as never,
    );
  });

  it('says "checking" from its first render to the verdict, never a verdict before it (Firefox read the empty page\'s)', async () => {
    const seen = recordVerdicts();
    // Preact's own render, not the testing library's (its act() would run the effects before
    // anything can read the page): the first render is what a browser paints first.
    container = document.body.appendChild(document.createElement('div'));
    renderNow(<ReportApp search={`?site=${encodeURIComponent(SITE)}`} />, container);
    expect(container.querySelector('[data-view]')?.getAttribute('data-verdict')).toBe('checking');
    await waitFor(() => expect(finish).toBeTypeOf('function'));
    await waitFor(async () => expect(await storage.getMarker(SITE)).not.toBeNull());
    finish();
    await scheduler.idle();
    await waitFor(() => expect(document.querySelector('[data-view]')?.getAttribute('data-verdict')).toBe('ok'));
    expect(seen).toEqual(['checking', 'ok']);
  });

  it("a refused address clears the earlier site's report: no old report under the new refusal", async () => {
    history.replaceState(null, '', `/report.html?site=${encodeURIComponent(SITE)}`);
    render(<ReportApp search={`?site=${encodeURIComponent(SITE)}`} />);
    await waitFor(() => expect(finish).toBeTypeOf('function'));
    await waitFor(async () => expect(await storage.getMarker(SITE)).not.toBeNull());
    finish();
    await scheduler.idle();
    await waitFor(() => expect(document.querySelector('[data-view]')?.getAttribute('data-view')).toBe('report'));
    const field = document.querySelector<HTMLInputElement>('input[name="site"]')!;
    fireEvent.input(field, { target: { value: 'https://192.168.1.1' } });
    fireEvent.submit(field.form!);
    await waitFor(() => expect(document.querySelector('[data-field-error]')?.textContent).toContain('private network address'));
    expect(document.querySelector('[data-view]')?.getAttribute('data-view')).toBe('empty');
    expect(document.querySelector('[data-view]')?.hasAttribute('data-verdict')).toBe(false);
    expect(document.querySelectorAll('.report, [data-skill], [data-code]')).toHaveLength(0);
    expect(location.search).toBe('');
  });

  it('opened with nothing to check carries no verdict (no test may read it as settled)', () => {
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Poppy Inspector', version: '1.2.3' });
    render(<ReportApp search="" />);
    const root = document.querySelector('[data-view]')!;
    expect(root.getAttribute('data-view')).toBe('empty');
    expect(root.hasAttribute('data-verdict')).toBe(false);
  });
});

describe('files pasted one by one', () => {
  it('adds each paste to the files held: poppy.json, the index, then each bare SKILL.md, all verified', async () => {
    installLocale();
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Poppy Inspector', version: '1.2.3' });
    render(<ReportApp search="" />);
    const zone = document.querySelector('[data-drop-zone]')!;
    const files = [...(await siteFileMap(northlight))].filter(([path]) => /\.(json|md)$/.test(path));
    expect(files.filter(([path]) => path.endsWith('SKILL.md')).length).toBeGreaterThan(1);
    for (const [, bytes] of files) {
      const text = new TextDecoder().decode(bytes);
      fireEvent.paste(zone, { clipboardData: { files: [], getData: () => text } });
    }
    await waitFor(
      () =>
        expect([
          document.querySelector('[data-view]')?.getAttribute('data-view'),
          document.querySelector('[data-files-error]')?.textContent,
        ]).toEqual(['files', undefined]),
      { timeout: 10_000 },
    );
    const statuses = Object.fromEntries(
      [...document.querySelectorAll('[data-skill]')].map((el) => [el.getAttribute('data-skill'), el.getAttribute('data-status')]),
    );
    expect(statuses).toEqual(northlight.expect.skills);
    expect(document.querySelector('[data-verdict]')?.getAttribute('data-verdict')).toBe(northlight.expect.verdict);
    // "Start over" forgets them: the next paste is checked alone.
    fireEvent.click(document.querySelector('[data-files-clear]')!);
    expect(document.querySelector('[data-view]')?.getAttribute('data-view')).toBe('empty');
    expect(document.querySelector('[data-files-clear]')).toBeNull();
  }, 20_000);
});

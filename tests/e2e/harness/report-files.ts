/**
 * The full-page report's "check files before publishing", driven the same way in Chromium and
 * Firefox: a real paste event (a DataTransfer of text or of files) on the page, what the page then
 * shows, and a finding's link to its line. Page code is a plain JavaScript string (see panel.ts).
 */
import { siteFileMap } from '../../fixtures/site-files';
import type { FixtureSite } from '../../fixtures/site';
import { settledPanel, type EvaluatingPage, type PanelSnapshot } from './panel';
import { waitFor } from './wait';

/** A paste on the page's body (nothing focused), as Ctrl+V gives it: text, or named files. */
export function pasteScript(what: { text: string } | { files: { name: string; text: string }[] }): string {
  return `(() => {
    const what = ${JSON.stringify(what)};
    const data = new DataTransfer();
    if (what.text !== undefined) data.setData('text/plain', what.text);
    else for (const f of what.files) data.items.add(new File([f.text], f.name));
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  })()`;
}

/** A fixture site's text files, each named by its last path segment (loose files pasted). */
export async function looseTextFiles(site: FixtureSite): Promise<{ name: string; text: string }[]> {
  return [...(await siteFileMap(site))]
    .filter(([path]) => /\.(json|md)$/.test(path))
    .map(([path, bytes]) => ({ name: path.split('/').at(-1)!, text: new TextDecoder().decode(bytes) }));
}

export interface FilesPageFacts {
  /** Each skill row: name, data-status, data-not-checked. */
  rows: [string, string, string | null][];
  headline: string;
  summary: string;
  /** The whole page's text, whitespace collapsed. */
  text: string;
  /** The documents list's entries marked not provided, by kind. */
  notProvidedDocuments: string[];
  dropZone: string;
  /** How many buttons carry each export's name. */
  exports: Record<string, number>;
}

const READ_FILES_PAGE = (exportNames: readonly string[]) => `(() => {
  const text = (el) => (el ? el.textContent || '' : '').replace(/\\s+/g, ' ').trim();
  const all = (selector) => Array.from(document.querySelectorAll(selector));
  const buttons = all('button').map(text);
  return {
    rows: all('[data-skill]').map((el) => [el.getAttribute('data-skill'), el.getAttribute('data-status'), el.getAttribute('data-not-checked')]),
    headline: text(document.querySelector('[data-state-look]')),
    summary: text(document.querySelector('[data-summary]')),
    text: text(document.body),
    notProvidedDocuments: all('[data-document]').filter((el) => el.querySelector('[data-not-provided]')).map((el) => el.getAttribute('data-document')),
    dropZone: text(document.querySelector('[data-drop-zone]')),
    exports: Object.fromEntries(${JSON.stringify(exportNames)}.map((name) => [name, buttons.filter((b) => b === name).length])),
  };
})()`;

export async function readFilesPage(page: EvaluatingPage, exportNames: readonly string[]): Promise<FilesPageFacts> {
  return (await page.evaluate(READ_FILES_PAGE(exportNames))) as FilesPageFacts;
}

/** Pastes and waits for the report of the files (a settled verdict on the files view). */
export async function pasteAndSettle(page: EvaluatingPage, what: Parameters<typeof pasteScript>[0]): Promise<PanelSnapshot> {
  await page.evaluate(pasteScript(what));
  await page.waitForSelector('[data-view="files"]', { timeout: 20_000 });
  return settledPanel(page);
}

export interface FollowedLine {
  /** The link's line, and the line marked after following it. */
  linked: number;
  marked: string | null;
  open: boolean;
  focused: boolean;
  /** The marked line lies within the window. */
  inView: boolean;
  text: string;
}

/** Clicks the first line link of a finding with `code`, and reads where the document view went. */
export async function followFindingLine(page: EvaluatingPage, code: string): Promise<FollowedLine> {
  const linked = (await page.evaluate(`(() => {
    const link = document.querySelector('li.finding[data-code="${code}"] [data-finding-line]:not([data-finding-line=""])');
    if (!link) return null;
    link.scrollIntoView();
    link.click();
    return Number(link.getAttribute('data-finding-line'));
  })()`)) as number | null;
  if (linked === null) throw new Error(`no line link under a ${code} finding`);
  return waitFor(
    async () =>
      (await page.evaluate(`(() => {
        const line = document.querySelector('[data-marked-line]');
        if (!line) return null;
        const box = line.getBoundingClientRect();
        return {
          linked: ${linked},
          marked: line.id,
          open: line.closest('details').open,
          focused: document.activeElement === line,
          inView: box.top >= 0 && box.bottom <= window.innerHeight,
          text: (line.textContent || '').trim(),
        };
      })()`)) as FollowedLine | null,
    (read) => read !== null && read.focused && read.inView,
    { what: `the line of a ${code} finding, marked and in view` },
  ) as Promise<FollowedLine>;
}

/** The exports, by their button names: each is offered once on the page. */
export const EXPORT_BUTTONS = ['reportDownloadJson', 'reportDownloadMarkdown', 'reportDownloadSarif', 'copyJson', 'copyMarkdown'] as const;

/** Puppeteer's and Playwright's keyboards both press keys by name. */
interface PressingPage extends EvaluatingPage {
  keyboard: { down(key: string): Promise<void>; up(key: string): Promise<void>; press(key: string): Promise<void> };
}

async function chord(page: PressingPage, key: string): Promise<void> {
  await page.keyboard.down('Control');
  await page.keyboard.press(key);
  await page.keyboard.up('Control');
}

/**
 * Text pasted as a person pastes it: copied from a text field with Ctrl+C, then Ctrl+V with
 * nothing focused, so the page gets the browser's own (trusted) paste. Firefox gives a paste
 * event made by a script an empty clipboard, so this is its way; the text's line ends are LF.
 */
export async function pasteAsUser(page: PressingPage, text: string): Promise<void> {
  await page.evaluate(`(() => {
    const area = document.createElement('textarea');
    area.id = 'e2e-copy-source';
    area.value = ${JSON.stringify(text)};
    document.body.append(area);
    area.select();
  })()`);
  await chord(page, 'c');
  await page.evaluate(`(() => { document.getElementById('e2e-copy-source').remove(); document.activeElement.blur(); })()`);
  await chord(page, 'v');
}

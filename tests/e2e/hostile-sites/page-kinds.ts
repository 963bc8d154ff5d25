/**
 * Pages that are not ordinary HTML loads (docs/security.md): a text/plain page, a PDF, and pages that
 * the back/forward cache restores. Two stores with different badges (3 skills and 1), so a tab
 * showing the other's badge is caught. Each page counts in its own DOM how often the cache
 * restored it, so a test knows the restore really happened and did not pass on an ordinary load.
 */
import { escapeHtml, html, type FixtureResponse, type FixtureSite, type Route, type SiteContext } from '../../fixtures/site';
import { northlight } from '../../fixtures/sites/northlight';
import { northlightRoutes } from '../../fixtures/stores/northlight';
import { changeFlowerDelivery, checkFlowerOrder, findFlowers } from '../../fixtures/stores/northlight-skills';

export const HOME_SITE = 'k-pages-home';
export const AWAY_SITE = 'k-pages-away';
export const PAGE_PATHS = { text: '/notes.txt', pdf: '/menu.pdf', page: '/page', speculate: '/speculate', seen: '/seen' } as const;

/**
 * The site's own script (the page's world, not ours) counts restores in `<html data-restored>`,
 * and tells the server once it has loaded whether it was prerendering then (`/seen?prerendering=`).
 */
const RECORDER = `<script>
  addEventListener('pageshow', (event) => {
    const root = document.documentElement;
    if (event.persisted) root.dataset.restored = String(Number(root.dataset.restored || 0) + 1);
  });
  addEventListener('load', () => void fetch('${PAGE_PATHS.seen}?prerendering=' + Boolean(document.prerendering)));
</script>`;

function recordedPage(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>${RECORDER}</head>
<body><h1>${escapeHtml(title)}</h1>${body}</body>
</html>
`;
}

/** The smallest PDF viewers open: one empty page, its cross-reference table computed. */
function tinyPdf(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
const PDF = tinyPdf();

/**
 * A page whose speculation rules prerender the other store's page in the same tab before anyone
 * goes there (same site, another origin: that page opts in with Supports-Loading-Mode).
 */
const speculatingPage = (ctx: SiteContext, other: string): FixtureResponse => {
  const target = `${ctx.originOf(other)}${PAGE_PATHS.page}`;
  const rules = JSON.stringify({ prerender: [{ source: 'list', urls: [target] }] });
  return html(
    recordedPage(
      `A page of ${ctx.self}`,
      `<script type="speculationrules">${rules}</script><p><a id="go" href="${target}">the other store</a></p>`,
    ),
  );
};

/** No cache-control at all: no-store would keep the pages out of the back/forward cache. */
const pageKinds = (other: string): Record<string, Route> => ({
  [PAGE_PATHS.text]: { headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Opening hours: 9 to 5.\n' },
  [PAGE_PATHS.pdf]: { headers: { 'content-type': 'application/pdf' }, body: PDF },
  [PAGE_PATHS.page]: (ctx: SiteContext): FixtureResponse =>
    html(
      recordedPage(`A page of ${ctx.self}`, `<p><a id="other" href="${ctx.originOf(other)}${PAGE_PATHS.page}">the other store</a></p>`),
      {
        'supports-loading-mode': 'credentialed-prerender',
      },
    ),
  [PAGE_PATHS.speculate]: (ctx: SiteContext) => speculatingPage(ctx, other),
  [PAGE_PATHS.seen]: { status: 204 },
});

function store(
  name: string,
  other: string,
  skills: typeof northlight.expect.skills,
  files: Parameters<typeof northlightRoutes>[0]['skills'],
): FixtureSite {
  return {
    name,
    summary: `Northlight Flowers with ${files.length} skill(s), and a text/plain page, a PDF and cacheable pages.`,
    routes: { ...northlightRoutes({ site: name, name: `Northlight Flowers (${name})`, signIn: true, skills: files }), ...pageKinds(other) },
    expect: { ...northlight.expect, skills },
  };
}

export const homeSite = store(HOME_SITE, AWAY_SITE, northlight.expect.skills, [changeFlowerDelivery, checkFlowerOrder, findFlowers]);
export const awaySite = store(AWAY_SITE, HOME_SITE, { 'find-flowers': 'verified' }, [findFlowers]);

/**
 * The sign-in trust chain (D10) as a person reads it in the panel, the same in Chromium and
 * Firefox: the line under the site's name, the sign-in fold's status, and, once that fold is
 * opened with a click, the chain's own section and each link's status. Text is read with
 * innerText, so only what is rendered on screen counts.
 */
import type { EvaluatingPage } from './panel';

export interface ClickingPage extends EvaluatingPage {
  click(selector: string): Promise<unknown>;
}

export interface TrustOnScreen {
  summary: string;
  foldStatus: string | null;
  foldText: string;
  chain: string | null;
  /** The chain section's rendered text: empty while the fold is closed. */
  chainText: string;
  links: { kind: string | null; status: string | null }[];
}

const READ_TRUST = `(() => {
  const text = (el) => (el ? el.innerText : '').replace(/\\s+/g, ' ').trim();
  const status = document.querySelector('[data-trust-status]');
  const chain = document.querySelector('[data-trust]');
  return {
    summary: text(document.querySelector('[data-summary]')),
    foldStatus: status ? status.getAttribute('data-trust-status') : null,
    foldText: text(status ? status.closest('summary') : null),
    chain: chain ? chain.getAttribute('data-trust') : null,
    chainText: text(chain),
    links: Array.from(document.querySelectorAll('[data-trust-link]')).map((el) => ({
      kind: el.getAttribute('data-trust-link'),
      status: el.getAttribute('data-status'),
    })),
  };
})()`;

export async function readTrust(page: EvaluatingPage): Promise<TrustOnScreen> {
  return (await page.evaluate(READ_TRUST)) as TrustOnScreen;
}

/** Opens the sign-in fold as a person does: a click on its summary line. */
export async function openSignInFold(page: ClickingPage): Promise<TrustOnScreen> {
  // A click anywhere on the summary line toggles the fold; its status is part of that line.
  await page.click('[data-trust-status]');
  await page.waitForSelector('details[open] [data-trust]', { timeout: 5_000 });
  return readTrust(page);
}

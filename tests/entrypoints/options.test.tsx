import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { OptionsForm } from '../../components/OptionsForm';
import { getOptions, getQuietSites, setOptions, setSiteQuiet } from '../../utils/extension/platform/storage';

const t = (key: string, ...subs: string[]) => [key, ...subs].join(' ');
const quietSites = { load: async () => [...(await getQuietSites())], remove: (origin: string) => setSiteQuiet(origin, false) };
const box = (name: string) => screen.getByRole('checkbox', { name: new RegExp(`^${name}$`) }) as HTMLInputElement;

afterEach(cleanup);

describe('options page', () => {
  it('shows the defaults: automatic checks on, other hosts off', async () => {
    render(<OptionsForm load={getOptions} save={setOptions} quietSites={quietSites} t={t} />);
    await waitFor(() => expect(box('optionsAutoCheck').checked).toBe(true));
    expect(box('optionsAutoOtherHosts').checked).toBe(false);
    expect(box('optionsAutoOtherHosts').disabled).toBe(false);
  });

  it('stores each switch through the storage module at once', async () => {
    render(<OptionsForm load={getOptions} save={setOptions} quietSites={quietSites} t={t} />);
    await waitFor(() => box('optionsAutoOtherHosts'));
    fireEvent.click(box('optionsAutoOtherHosts'));
    await waitFor(async () => expect(await getOptions()).toEqual({ autoCheck: true, autoOtherHosts: true, rememberChanges: true }));
    fireEvent.click(box('optionsAutoCheck'));
    await waitFor(async () => expect(await getOptions()).toEqual({ autoCheck: false, autoOtherHosts: true, rememberChanges: true }));
    // Other hosts only matter for automatic checks.
    expect(box('optionsAutoOtherHosts').disabled).toBe(true);
    // The memory of what sites publish (D13) is on by default and can be turned off.
    expect(box('optionsRememberChanges').checked).toBe(true);
    fireEvent.click(box('optionsRememberChanges'));
    await waitFor(async () => expect((await getOptions()).rememberChanges).toBe(false));
  });

  it('links to the full-page report, opened beside the options', async () => {
    render(<OptionsForm load={getOptions} save={setOptions} quietSites={quietSites} t={t} />);
    const link = await waitFor(() => screen.getByRole('link', { name: 'openFullReport' }));
    expect(link.getAttribute('href')).toBe('/report.html');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows what was stored before', async () => {
    await setOptions({ autoCheck: false });
    render(<OptionsForm load={getOptions} save={setOptions} quietSites={quietSites} t={t} />);
    await waitFor(() => expect(box('optionsAutoCheck').checked).toBe(false));
  });

  it('ties each hint to its switch, so it is read with the label', async () => {
    render(<OptionsForm load={getOptions} save={setOptions} quietSites={quietSites} t={t} />);
    await waitFor(() => box('optionsAutoCheck'));
    for (const [name, hint] of [
      ['optionsAutoCheck', 'optionsAutoCheckHint'],
      ['optionsAutoOtherHosts', 'optionsAutoOtherHostsHint'],
      ['optionsRememberChanges', 'optionsRememberChangesHint'],
    ] as const) {
      const id = box(name).getAttribute('aria-describedby');
      expect(document.getElementById(id!)?.textContent).toBe(hint);
    }
  });

  it('lists the sites not checked automatically, each removable with the keyboard, focus kept in the list', async () => {
    await setSiteQuiet('https://shop.example', true);
    await setSiteQuiet('https://flowers.example', true);
    render(<OptionsForm load={getOptions} save={setOptions} quietSites={quietSites} t={t} />);
    const first = await waitFor(() => screen.getByRole('button', { name: 'optionsQuietRemoveLabel shop.example' }));
    expect(screen.getByRole('button', { name: 'optionsQuietRemoveLabel flowers.example' })).toBeTruthy();
    first.focus();
    fireEvent.click(first);
    await waitFor(async () => expect([...(await getQuietSites())]).toEqual(['https://flowers.example']));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'optionsQuietRemoveLabel shop.example' })).toBeNull());
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('optionsQuietRemoveLabel flowers.example'));
    fireEvent.click(screen.getByRole('button', { name: 'optionsQuietRemoveLabel flowers.example' }));
    await waitFor(() => expect(screen.getByText('optionsQuietNone')).toBeTruthy());
    await waitFor(() => expect(document.activeElement?.id).toBe('quiet-heading'));
    expect(await getQuietSites()).toEqual(new Set());
  });

  it('says so when no site is kept out of automatic checks', async () => {
    render(<OptionsForm load={getOptions} save={setOptions} quietSites={quietSites} t={t} />);
    await waitFor(() => expect(screen.getByText('optionsQuietNone')).toBeTruthy());
  });
});

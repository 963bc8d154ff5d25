import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { OptionsForm } from '../../components/OptionsForm';
import { getOptions, setOptions } from '../../utils/extension/platform/storage';

const t = (key: string) => key;
const box = (name: string) => screen.getByRole('checkbox', { name: new RegExp(`^${name}$`) }) as HTMLInputElement;

afterEach(cleanup);

describe('options page', () => {
  it('shows the defaults: automatic checks on, other hosts off', async () => {
    render(<OptionsForm load={getOptions} save={setOptions} t={t} />);
    await waitFor(() => expect(box('optionsAutoCheck').checked).toBe(true));
    expect(box('optionsAutoOtherHosts').checked).toBe(false);
    expect(box('optionsAutoOtherHosts').disabled).toBe(false);
  });

  it('stores each switch through the storage module at once', async () => {
    render(<OptionsForm load={getOptions} save={setOptions} t={t} />);
    await waitFor(() => box('optionsAutoOtherHosts'));
    fireEvent.click(box('optionsAutoOtherHosts'));
    await waitFor(async () => expect(await getOptions()).toEqual({ autoCheck: true, autoOtherHosts: true }));
    fireEvent.click(box('optionsAutoCheck'));
    await waitFor(async () => expect(await getOptions()).toEqual({ autoCheck: false, autoOtherHosts: true }));
    // Other hosts only matter for automatic checks.
    expect(box('optionsAutoOtherHosts').disabled).toBe(true);
  });

  it('links to the full-page report, opened beside the options', async () => {
    render(<OptionsForm load={getOptions} save={setOptions} t={t} />);
    const link = await waitFor(() => screen.getByRole('link', { name: 'openFullReport' }));
    expect(link.getAttribute('href')).toBe('/report.html');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows what was stored before', async () => {
    await setOptions({ autoCheck: false });
    render(<OptionsForm load={getOptions} save={setOptions} t={t} />);
    await waitFor(() => expect(box('optionsAutoCheck').checked).toBe(false));
  });

  it('ties each hint to its switch, so it is read with the label', async () => {
    render(<OptionsForm load={getOptions} save={setOptions} t={t} />);
    await waitFor(() => box('optionsAutoCheck'));
    for (const [name, hint] of [
      ['optionsAutoCheck', 'optionsAutoCheckHint'],
      ['optionsAutoOtherHosts', 'optionsAutoOtherHostsHint'],
    ] as const) {
      const id = box(name).getAttribute('aria-describedby');
      expect(document.getElementById(id!)?.textContent).toBe(hint);
    }
  });
});

import { render } from 'preact';
import { browser } from 'wxt/browser';
import { getOptions, setOptions } from '../../utils/storage';
import { OptionsForm } from './OptionsForm';

render(<OptionsForm load={getOptions} save={setOptions} t={(key) => browser.i18n.getMessage(key)} />, document.getElementById('app')!);

import { render } from 'preact';
import { t } from '../../utils/extension/platform/i18n';
import { getOptions, setOptions } from '../../utils/extension/platform/storage';
import { OptionsForm } from '../../components/OptionsForm';

render(<OptionsForm load={getOptions} save={setOptions} t={t} />, document.getElementById('app')!);

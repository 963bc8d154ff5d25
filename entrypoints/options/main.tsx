import { render } from 'preact';
import { applyPageLanguage, t } from '../../utils/extension/platform/i18n';
import { getOptions, setOptions } from '../../utils/extension/platform/storage';
import { OptionsForm } from '../../components/OptionsForm';

applyPageLanguage();
render(<OptionsForm load={getOptions} save={setOptions} t={t} />, document.getElementById('app')!);

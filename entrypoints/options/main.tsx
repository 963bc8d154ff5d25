import { render } from 'preact';
import '../../components/panel.css';
import { applyPageLanguage, t } from '../../utils/extension/platform/i18n';
import { getOptions, setOptions } from '../../utils/extension/platform/storage';
import { OptionsForm } from '../../components/OptionsForm';

applyPageLanguage();
document.title = t('optionsTitle');
render(<OptionsForm load={getOptions} save={setOptions} t={t} />, document.getElementById('app')!);

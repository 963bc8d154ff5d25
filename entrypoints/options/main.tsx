import { render } from 'preact';
import '../../components/panel.css';
import { applyPageLanguage, t } from '../../utils/extension/platform/i18n';
import { getOptions, getQuietSites, setOptions, setSiteQuiet } from '../../utils/extension/platform/storage';
import { OptionsForm } from '../../components/OptionsForm';

applyPageLanguage();
document.title = t('optionsTitle');
const quietSites = { load: async () => [...(await getQuietSites())], remove: (origin: string) => setSiteQuiet(origin, false) };
render(<OptionsForm load={getOptions} save={setOptions} quietSites={quietSites} t={t} />, document.getElementById('app')!);

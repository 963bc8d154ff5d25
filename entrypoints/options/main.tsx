import { render } from 'preact';
import '../../components/panel.css';
import { applyPageLanguage, t } from '../../utils/extension/platform/i18n';
import { changeOptions, changeSiteQuiet } from '../../utils/extension/platform/choices';
import { getOptions, getQuietSites } from '../../utils/extension/platform/storage';
import { OptionsForm } from '../../components/OptionsForm';

applyPageLanguage();
document.title = t('optionsTitle');
const quietSites = { load: async () => [...(await getQuietSites())], remove: (origin: string) => changeSiteQuiet(origin, false) };
render(<OptionsForm load={getOptions} save={changeOptions} quietSites={quietSites} t={t} />, document.getElementById('app')!);

import { render } from 'preact';
import { ReportApp } from './ReportApp';
import { applyPageLanguage, t } from '../../utils/extension/platform/i18n';

applyPageLanguage();
document.title = t('reportPageTitle');
render(<ReportApp search={location.search} />, document.getElementById('app')!);

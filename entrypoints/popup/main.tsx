import { render } from 'preact';
import { Popup } from './Popup';
import { readPanelStart } from '../../utils/extension/platform/read-tab';
import { applyPageLanguage } from '../../utils/extension/platform/i18n';

applyPageLanguage();
// The reads start before anything renders, so they run while the loading view is drawn.
const start = readPanelStart(location.search);
// The script is async (popupFastStart in wxt.config.ts): it may run before #app is parsed.
const mount = () => render(<Popup start={start} />, document.getElementById('app')!);
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount, { once: true });
else mount();

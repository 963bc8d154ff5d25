import { render } from 'preact';
import { Popup } from './Popup';
import { panelTabId } from './read-tab';

void panelTabId(location.search).then((tabId) => render(<Popup tabId={tabId} />, document.getElementById('app')!));

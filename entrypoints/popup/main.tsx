import { render } from 'preact';
import { Popup } from './Popup';
import { readPanelStart } from './read-tab';

// The reads start before anything renders, so they run while the loading view is drawn.
const start = readPanelStart(location.search);
render(<Popup start={start} />, document.getElementById('app')!);

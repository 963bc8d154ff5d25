import { render } from 'preact';

render(<main>Poppy Inspector</main>, document.getElementById('app')!);

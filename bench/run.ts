// `npm run bench`: figures and ratios, printed; never a pass/fail timing test.
import { benchEngineMemory, benchEngineSpeed } from './engine';
import { benchExtensionSize, benchPanelSpeed, benchRequestsPerVisit } from './extension';

const sections: [string, () => Promise<string[]>][] = [
  ['Engine speed (issue 2)', () => benchEngineSpeed()],
  ['Engine memory (issue 2)', () => benchEngineMemory()],
  ['Extension size (budgets)', () => benchExtensionSize()],
  ['Panel speed (budgets)', () => benchPanelSpeed()],
  ['Requests per page visit (budgets)', () => benchRequestsPerVisit()],
];

for (const [title, run] of sections) {
  console.log(`\n## ${title}`);
  for (const line of await run()) console.log(line);
}

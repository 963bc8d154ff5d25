// `npm run bench`: figures and ratios, printed; never a pass/fail timing test.
import { benchEngineMemory, benchEngineSpeed } from './engine';
import { benchExtensionSize, benchPanelSpeed, benchRequestsPerVisit } from './extension';
import { benchSurvey } from './survey';

const sections: [string, () => Promise<string[]>][] = [
  ['Engine speed (issue 2)', () => benchEngineSpeed()],
  ['Engine memory (issue 2)', () => benchEngineMemory()],
  ['Extension size (budgets)', () => benchExtensionSize()],
  ['Panel speed (budgets)', () => benchPanelSpeed()],
  ['Requests per page visit (budgets)', () => benchRequestsPerVisit()],
  ['Command line survey (issue 10)', () => benchSurvey()],
];

for (const [title, run] of sections) {
  console.log(`\n## ${title}`);
  for (const line of await run()) console.log(line);
}

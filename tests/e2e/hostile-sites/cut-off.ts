/**
 * A site whose one skill file answers 200 with its full Content-Length, sends 8 bytes, and 1 s
 * later the server drops the connection: a body cut off partway, which a browser reports only as
 * "network error" once the head has come.
 */
import { WELL_KNOWN } from '../../../utils/engine/spec';
import { markdown, type FixtureSite } from '../../fixtures/site';
import { entryFor, indexOf, plainSkill, SKILLS_DIR } from '../../fixtures/hostile/kit';

const fine = plainSkill('fine');
const cut = plainSkill('cut');

async function* cutAfter(head: Uint8Array): AsyncIterable<Uint8Array> {
  yield head;
  // A moment first, so the browser has handed the head over (a body that fails at once fails
  // the fetch itself). The fixture server destroys an answer whose body throws once its head is sent.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  throw new Error('the connection drops here, on purpose');
}

export const cutOff: FixtureSite = {
  name: 'j-cut-off',
  summary: 'One skill file sends its head (Content-Length of the whole file) and 8 bytes, then the connection drops.',
  routes: {
    [WELL_KNOWN.skillIndex]: indexOf([entryFor('fine', 'fine/SKILL.md', fine), entryFor('cut', 'cut/SKILL.md', cut)]),
    [`${SKILLS_DIR}fine/SKILL.md`]: markdown(fine),
    [`${SKILLS_DIR}cut/SKILL.md`]: () => ({
      ...markdown(cut, { 'content-length': String(cut.byteLength) }),
      body: cutAfter(cut.subarray(0, 8)),
    }),
  },
  expect: { verdict: 'errors', poppy: false, source: 'well-known', skills: { fine: 'verified', cut: 'unreachable' } },
};

/**
 * A public store that signs the visitor in the two ways a browser remembers: a session cookie for
 * the whole `poppy.test` domain (so every fixture host, hostile ones included, would receive it)
 * and HTTP Basic credentials for `/private/`. Its skills live under both paths: an extension
 * request that carried either would show up in the fixture log with the header.
 */
import { WELL_KNOWN } from '../../../utils/engine/spec';
import {
  html,
  indexEntry,
  json,
  markdown,
  page,
  PUBLIC_SUFFIX,
  skillFile,
  skillIndex,
  skillRoutes,
  type FixtureSite,
  type Route,
} from '../../fixtures/site';
import { minimalPoppy, SKILLS_DIR } from '../../fixtures/hostile/kit';

export const SESSION_SITE = 'j-session';
export const SESSION_COOKIE = 'j_session=signed-in-secret';
/** User and password the test puts in the URL of its first visit to `/private/`. */
export const BASIC_USER = 'customer';
export const BASIC_PASSWORD = 'basic-secret';

const open = skillFile({ name: 'open-skill', description: 'Served to anyone.', body: '# Open\n\nNothing private.\n' });
const locked = skillFile({
  name: 'private-skill',
  description: 'Served only with Basic credentials.',
  body: '# Private\n\nFor the signed-in.\n',
});
const PRIVATE_DIR = '/private/';
const BASIC = `Basic ${Buffer.from(`${BASIC_USER}:${BASIC_PASSWORD}`).toString('base64')}`;

const privatePage: Route = ({ headers }) =>
  headers.authorization === BASIC
    ? html(page('Private', '<p>Signed in with Basic credentials.</p>'), { 'cache-control': 'no-store' })
    : { status: 401, headers: { 'www-authenticate': 'Basic realm="j-session"', 'content-type': 'text/plain' }, body: 'Sign in\n' };

const privateSkill: Route = ({ headers }) =>
  headers.authorization === BASIC
    ? markdown(locked.bytes)
    : { status: 401, headers: { 'www-authenticate': 'Basic realm="j-session"' }, body: '' };

export const session: FixtureSite = {
  name: SESSION_SITE,
  summary: 'Sets a poppy.test-wide session cookie on /login and asks for Basic credentials under /private/.',
  routes: {
    '/': html(page('Session store', '<p><a href="/login">Sign in</a></p>')),
    '/login': html(page('Signed in', '<p>You are signed in.</p>'), {
      'set-cookie': `${SESSION_COOKIE}; Domain=${PUBLIC_SUFFIX}; Path=/; Secure; SameSite=None`,
      'cache-control': 'no-store',
    }),
    [PRIVATE_DIR]: privatePage,
    [WELL_KNOWN.poppy]: (ctx) => json(minimalPoppy(ctx, SESSION_SITE)),
    [WELL_KNOWN.skillIndex]: json(
      skillIndex([indexEntry(open, `${open.name}/SKILL.md`), indexEntry(locked, `${PRIVATE_DIR}${locked.name}/SKILL.md`)]),
    ),
    ...skillRoutes(SKILLS_DIR, [open]),
    [`${PRIVATE_DIR}${locked.name}/SKILL.md`]: privateSkill,
  },
  // Without credentials the private file is a 401: unreachable, and that is the point.
  expect: { verdict: 'errors', poppy: true, source: 'well-known', skills: { [open.name]: 'verified', [locked.name]: 'unreachable' } },
};

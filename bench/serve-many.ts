// Serves one many-skills site in its own process, as a real site would be: the benchmark's
// client-side work is then measured apart from the server's. Prints the origin on stdout.
import { startFixtureServer } from '../tests/fixtures/server';
import { manySkillsSite } from './many-skills-site';

const [count = '200', bodyBytes = '4096'] = process.argv.slice(2);
const server = await startFixtureServer({ sites: [manySkillsSite('bench', Number(count), Number(bodyBytes))], https: false });
console.log(server.origin('bench'));
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));

// Files in an archive that run (D7: nothing from an archive is run, but an agent may be told to
// run them): marked by an execute bit in the entry's mode, or by a `#!` first line.
import { describe, expect, it } from 'vitest';
import { summarizeListing } from '../../../utils/engine/archive/summary';
import { list, tgzWith, zipWith } from './helpers';

const runsOf = (bytes: Uint8Array) => Object.fromEntries(list(bytes).files.map((f) => [f.path, f.runs ?? null]));

describe('files that run', () => {
  it('tar: an execute bit marks an executable, a shebang a script, others nothing', () => {
    const runs = runsOf(
      tgzWith(
        { name: 'scripts/install', data: 'echo hi\n', mode: 0o755 },
        { name: 'scripts/user-only', data: 'x', mode: 0o700 },
        { name: 'scripts/fetch.py', data: '#!/usr/bin/env python3\nprint(1)\n', mode: 0o644 },
        { name: 'notes.md', data: '# Notes\n#!not a shebang\n', mode: 0o644 },
        { name: 'bin/', type: '5', mode: 0o755 },
      ),
    );
    expect(runs).toEqual({
      'SKILL.md': null,
      'scripts/install': 'executable',
      'scripts/user-only': 'executable',
      'scripts/fetch.py': 'script',
      'notes.md': null,
      'bin/': null,
    });
  });

  it('zip: the Unix mode of a Unix host marks an executable; DOS attributes never do', () => {
    const runs = runsOf(
      zipWith(
        { name: 'run.sh', data: 'echo hi\n', mode: 0o100755 },
        { name: 'tool.sh', data: '#!/bin/sh\necho hi\n', mode: 0o100644 },
        { name: 'dos.bat', data: 'echo hi\n', host: 0, externalAttributes: 0o755 << 16 },
        { name: 'readme.md', data: 'hello\n', mode: 0o100644 },
      ),
    );
    expect(runs).toMatchObject({ 'run.sh': 'executable', 'tool.sh': 'script', 'dos.bat': null, 'readme.md': null });
  });

  it('the report keeps the mark', () => {
    const report = summarizeListing(list(tgzWith({ name: 'install.sh', data: '#!/bin/sh\n' })), null);
    expect(report.files.find((f) => f.path === 'install.sh')?.runs).toBe('script');
  });
});

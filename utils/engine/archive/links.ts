// Where links lead once the archive is unpacked into an empty folder. Resolution follows the
// archive's own symlinks (a link inside may point at a folder link that climbs out), so a lexical
// `..` count is not enough; a loop or a long chain counts as leaving the tree.

const MAX_HOPS = 40; // what Linux allows when following symlinks

export type LinkVerdict = 'inside' | 'outside';

const ABSOLUTE = /^([/\\]|[A-Za-z]:)/;

function split(path: string): string[] {
  // Backslash splits too: a Windows extractor reads `..\x` as climbing.
  return path.split(/[/\\]/);
}

/** Resolves `target` from folder `from` (segments), expanding the archive's symlinks on the way. */
function resolve(from: string[], target: string, symlinks: ReadonlyMap<string, string>): LinkVerdict {
  if (ABSOLUTE.test(target)) return 'outside';
  const stack = [...from];
  const queue = split(target);
  let hops = 0;
  while (queue.length > 0) {
    const segment = queue.shift()!;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (stack.length === 0) return 'outside';
      stack.pop();
      continue;
    }
    stack.push(segment);
    const through = symlinks.get(stack.join('/'));
    if (through === undefined) continue;
    if (++hops > MAX_HOPS || ABSOLUTE.test(through)) return 'outside';
    stack.pop();
    queue.unshift(...split(through));
  }
  return 'inside';
}

/** A symlink's target is relative to the folder holding the link. */
export function resolveSymlink(linkPath: string, target: string, symlinks: ReadonlyMap<string, string>): LinkVerdict {
  return resolve(linkPath.split('/').slice(0, -1), target, symlinks);
}

/** A tar hard link names another entry by its path from the archive root. */
export function resolveHardLink(target: string, symlinks: ReadonlyMap<string, string>): LinkVerdict {
  return resolve([], target, symlinks);
}

/** Normal form of a hard link's target (as entries are keyed), or undefined when it cannot name one. */
export function normalHardLinkTarget(target: string): string | undefined {
  if (ABSOLUTE.test(target)) return undefined;
  const kept: string[] = [];
  for (const segment of split(target)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') return undefined;
    kept.push(segment);
  }
  return kept.join('/');
}

/** The first symlink among the folders above `path`: unpacking would write through it. */
export function linkAbove(path: string, symlinks: ReadonlyMap<string, string>): string | undefined {
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    const prefix = segments.slice(0, i).join('/');
    if (symlinks.has(prefix)) return prefix;
  }
  return undefined;
}

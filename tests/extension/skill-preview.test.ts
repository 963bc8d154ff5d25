import { afterEach, describe, expect, it, vi } from 'vitest';
import { previewOf, previewSkill, TEXT_MAX_CHARS, type PreviewRequest, type PreviewWorker } from '../../utils/extension/skill-preview';
import { treeFor } from '../../utils/extension/preview-tree';

const REQUEST: PreviewRequest = { markdown: '# Hi', base: 'https://x.example/a/SKILL.md', site: 'https://x.example' };

/** A worker that records what happens to it and answers only when told. */
function fakeWorker() {
  const worker: PreviewWorker & { posted: PreviewRequest[]; terminated: number } = {
    posted: [],
    terminated: 0,
    onmessage: null,
    onerror: null,
    postMessage(request) {
      this.posted.push(request);
    },
    terminate() {
      this.terminated++;
    },
  };
  return worker;
}

afterEach(() => vi.useRealTimers());

describe('previewSkill', () => {
  it('returns the tree the worker built, and stops the worker', async () => {
    const worker = fakeWorker();
    const pending = previewSkill(REQUEST, () => worker);
    expect(worker.posted).toEqual([REQUEST]);
    worker.onmessage!({ data: { nodes: [{ kind: 'rule' }], cut: null } });
    expect(await pending).toEqual({ kind: 'tree', tree: { nodes: [{ kind: 'rule' }], cut: null } });
    expect(worker.terminated).toBe(1);
  });

  it('terminates a worker still parsing at the budget and falls back to the text', async () => {
    vi.useFakeTimers();
    const worker = fakeWorker();
    const pending = previewSkill(REQUEST, () => worker, 2000);
    await vi.advanceTimersByTimeAsync(1999);
    expect(worker.terminated).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ kind: 'too-complex', reason: 'time' });
    expect(worker.terminated).toBe(1);
    // A late answer changes nothing.
    expect(worker.onmessage).toBeNull();
  });

  it.each([
    ['a malformed answer', (w: PreviewWorker) => w.onmessage!({ data: { nodes: 'x', cut: null } })],
    ['an unknown cut', (w: PreviewWorker) => w.onmessage!({ data: { nodes: [], cut: 'time' } })],
    ['a worker error', (w: PreviewWorker) => w.onerror!(new Error('boom'))],
  ])('%s is a fallback to the text, never a crash', async (_label, act) => {
    const worker = fakeWorker();
    const pending = previewSkill(REQUEST, () => worker);
    act(worker);
    expect(await pending).toEqual({ kind: 'too-complex', reason: 'failed' });
    expect(worker.terminated).toBe(1);
  });

  it('a worker that cannot start is a fallback too', async () => {
    const refused = () => {
      throw new Error('CSP');
    };
    expect(await previewSkill(REQUEST, refused)).toEqual({ kind: 'too-complex', reason: 'failed' });
  });
});

describe('previewOf: what the panel shows', () => {
  const SOURCE = { markdown: 'a\n=\n'.repeat(25_000), base: REQUEST.base };

  it('too complex in time: the text itself (the 100 K setext document of docs/security.md, whole)', async () => {
    vi.useFakeTimers();
    const worker = fakeWorker();
    const pending = previewOf(SOURCE, REQUEST.site, () => worker, 2000);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await pending).toEqual({ kind: 'text', text: SOURCE.markdown, cut: false });
    expect(worker.terminated).toBe(1);
  });

  it('a longer text is cut at the preview size, and says so', async () => {
    const worker = fakeWorker();
    const pending = previewOf({ markdown: 'x'.repeat(TEXT_MAX_CHARS + 10), base: REQUEST.base }, REQUEST.site, () => worker);
    worker.onerror!(new Error('gone'));
    expect(await pending).toEqual({ kind: 'text', text: 'x'.repeat(TEXT_MAX_CHARS), cut: true });
  });

  it('in time: the tree', async () => {
    const worker = fakeWorker();
    const pending = previewOf({ markdown: '# Hi', base: REQUEST.base }, REQUEST.site, () => worker);
    worker.onmessage!({ data: treeFor(worker.posted[0]) });
    expect(await pending).toEqual({ kind: 'tree', nodes: [{ kind: 'heading', depth: 1, children: [{ kind: 'text', text: 'Hi' }] }] });
  });
});

describe('previewOf: a tree past the node budget', () => {
  it('shows the text instead of a sliver of the document', async () => {
    const worker = fakeWorker();
    const source = { markdown: 'a\n=\n'.repeat(6000), base: REQUEST.base };
    const pending = previewOf(source, REQUEST.site, () => worker);
    const tree = treeFor(worker.posted[0]);
    expect(tree?.cut).toBe('nodes');
    worker.onmessage!({ data: tree });
    expect(await pending).toEqual({ kind: 'text', text: source.markdown, cut: false });
  }, 15_000);
});

describe("treeFor: the worker's side", () => {
  const SITE = 'https://flowers.example';
  const MD = ['# Find flowers', '', '[shop](shop) [router](https://192.168.1.1/reboot) <script>'].join('\n');

  it('builds the safe tree of the body: links resolved and judged for the site, HTML as text', () => {
    const tree = treeFor({ markdown: MD, base: `${SITE}/skills/find-flowers/SKILL.md`, site: SITE });
    expect(tree?.nodes[0]).toEqual({ kind: 'heading', depth: 1, children: [{ kind: 'text', text: 'Find flowers' }] });
    const json = JSON.stringify(tree);
    expect(json).toContain(`"href":"${SITE}/skills/find-flowers/shop"`);
    expect(json).not.toContain('"href":"https://192.168.1.1');
    expect(json).toContain('(https://192.168.1.1/reboot)');
    expect(json).toContain('<script>');
  });

  it("an archive's SKILL.md (no base): relative links stay text with their target, absolute ones the policy allows stay links", () => {
    const markdown = '# Find flowers\n\n[shop](./shop), [up](../x) and [hours](https://flowers.example/hours)';
    const tree = treeFor({ markdown, base: null, site: SITE });
    const json = JSON.stringify(tree);
    expect(json).toContain('"text":"shop (./shop), up (../x) and "');
    expect(json.match(/"kind":"link"/g)).toEqual(['"kind":"link"']);
    expect(json).toContain('"href":"https://flowers.example/hours"');
  });

  it.each([null, 'text', { markdown: 1, base: 'x', site: 'y' }, { markdown: '#', base: 'x' }, { markdown: '#', base: 1, site: 'y' }])(
    'a request that is not one (%j) gets no tree',
    (request) => {
      expect(treeFor(request)).toBeNull();
    },
  );
});

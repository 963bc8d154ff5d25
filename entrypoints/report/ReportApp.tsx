import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ReportPage, type ReportPageView, type SiteRawDocuments } from '../../components/ReportPage';
import type { DroppedFile } from '../../utils/engine/net/dropped/site-paths';
import type { Words } from '../../utils/engine/report/words';
import { checkDroppedFiles, droppedSkillText } from '../../utils/extension/check-files';
import { t } from '../../utils/extension/platform/i18n';
import type { PanelActions } from '../../utils/extension/panel-types';
import { selectPanelView } from '../../utils/extension/panel-view';
import { sendToBackground } from '../../utils/extension/platform/messages';
import { openSiteLink } from '../../utils/extension/platform/open-link';
import { requestHostAccess } from '../../utils/extension/platform/permissions';
import { startPreviewWorker } from '../../utils/extension/platform/preview-worker';
import { readPanelInputs } from '../../utils/extension/platform/read-tab';
import { extensionVersion, openOptions } from '../../utils/extension/platform/runtime';
import { saveTextFile } from '../../utils/extension/platform/save-file';
import { getRawDocuments, watchOrigin } from '../../utils/extension/platform/storage';
import { readReportSite } from '../../utils/extension/report-site';
import { previewOf } from '../../utils/extension/skill-preview';

const CLOCK_TICK_MS = 30_000;

/** What the page checks: a site (through the background), or files dropped on it (in the page). */
type Subject = { kind: 'site'; origin: string; revalidate: boolean; run: number } | { kind: 'files'; files: DroppedFile[]; run: number };

/** What `?site=` asks for: a site to check (when host access is there, no gesture is needed), or a refusal. */
function openedOn(search: string): { field: string; error: Words | null; subject: Extract<Subject, { kind: 'site' }> | null } {
  const asked = new URLSearchParams(search).get('site');
  if (asked === null) return { field: '', error: null, subject: null };
  const read = readReportSite(asked);
  if (!read.ok) return { field: asked, error: read.words, subject: null };
  return { field: read.origin, error: null, subject: { kind: 'site', origin: read.origin, revalidate: false, run: 1 } };
}

/**
 * The full-page report's controller: reads the site from the address or the field, asks the
 * background to check it (a typed message that carries an origin, re-checked there), and follows
 * the result through storage as the popup does. Dropped files are checked here, with no network.
 */
export function ReportApp(props: { search: string }) {
  // Opened on a site: its first render already says "checking" (a page read before the effects
  // run must not see the empty page's state and take it for an answer).
  const [opened] = useState(() => openedOn(props.search));
  const [field, setField] = useState(opened.field);
  const [error, setError] = useState<Words | null>(opened.error);
  const [filesError, setFilesError] = useState<Words | null>(null);
  const [subject, setSubject] = useState<Subject | null>(opened.subject);
  const [view, setView] = useState<ReportPageView>(opened.subject === null ? { kind: 'empty' } : { kind: 'loading' });
  const [siteRaw, setSiteRaw] = useState<SiteRawDocuments | null>(null);
  const [now, setNow] = useState(() => new Date());
  const runs = useRef(opened.subject === null ? 0 : 1);
  const shown = useRef<string | null>(null);
  /** The dropped files as the last check read them (named), for the skill previews. */
  const checkedFiles = useRef<readonly DroppedFile[]>([]);

  const showSite = (origin: string, revalidate: boolean) => {
    history.replaceState(null, '', `?site=${encodeURIComponent(origin)}`);
    setSubject({ kind: 'site', origin, revalidate, run: ++runs.current });
  };
  /** Files dropped or pasted one by one add up (loose SKILL.md files are told apart by name). */
  const showFiles = (files: DroppedFile[], added = true) => {
    history.replaceState(null, '', location.pathname);
    const run = ++runs.current;
    setSubject((held) => ({ kind: 'files', files: added && held?.kind === 'files' ? [...held.files, ...files] : files, run }));
  };
  const clearFiles = () => {
    setSubject(null);
    setFilesError(null);
    shown.current = null;
    setView({ kind: 'empty' });
  };

  // The address bar shows the origin checked, as after a typed one.
  useEffect(() => {
    if (opened.subject !== null) history.replaceState(null, '', `?site=${encodeURIComponent(opened.subject.origin)}`);
  }, []);

  useEffect(() => {
    if (subject === null) return;
    let live = true;
    let stop = () => {};
    const key = subject.kind === 'site' ? subject.origin : null;
    // "Check again" keeps the shown report (and what is open in it) until the new state is read.
    if (key === null || shown.current !== key) setView(subject.kind === 'site' ? { kind: 'loading' } : { kind: 'files-checking' });
    shown.current = key;
    if (subject.kind === 'files') {
      const typed = readReportSite(field);
      void checkDroppedFiles(subject.files, typed.ok ? typed.origin : null).then((check) => {
        if (!live) return;
        checkedFiles.current = check.ok ? check.files : [];
        setFilesError(check.ok ? null : check.words);
        setView(
          check.ok
            ? {
                kind: 'files',
                origin: check.origin,
                report: check.result.report,
                raw: check.raw,
                ignored: check.ignored,
                leftOut: check.leftOut,
              }
            : { kind: 'empty' },
        );
      });
    } else {
      const url = `${subject.origin}/`;
      void readPanelInputs(url).then((first) => {
        if (!live) return;
        setView(selectPanelView(first));
        if (!first.hasAccess) return;
        // Reads overlap while storage changes: only the latest may set the view, or an answer
        // read mid-check (the marker still there) could land after the finished one.
        let reads = 0;
        // The index texts belong to one result: read again only when another result is stored,
        // not on each of a check's progress writes.
        let rawFor: string | null = null;
        const refresh = () => {
          const read = ++reads;
          void readPanelInputs(url).then(async (next) => {
            const checkedAt = next.result?.report.checkedAt ?? null;
            const raw = checkedAt !== null && checkedAt !== rawFor ? await getRawDocuments(subject.origin) : undefined;
            if (!live || read !== reads) return;
            setView(selectPanelView(next));
            if (raw !== undefined) {
              rawFor = checkedAt;
              setSiteRaw(raw);
            }
          });
        };
        stop = watchOrigin(subject.origin, refresh);
        void sendToBackground({ type: 'checkSite', origin: subject.origin, revalidate: subject.revalidate }).then(refresh);
        refresh();
      });
    }
    return () => {
      live = false;
      stop();
    };
  }, [subject]);

  useEffect(() => {
    const clock = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(clock);
  }, []);

  const actions = useMemo<PanelActions>(() => {
    const origin = subject?.kind === 'site' ? subject.origin : view.kind === 'files' ? view.origin : null;
    return {
      recheck: () => {
        if (subject?.kind === 'site') showSite(subject.origin, true);
        else if (subject?.kind === 'files') showFiles(subject.files, false);
      },
      checkOtherHosts: () => subject?.kind === 'site' && showSite(subject.origin, false),
      // Called straight from the click: Firefox grants only inside the user gesture.
      grantAccess: () =>
        void requestHostAccess(origin).then((granted) => {
          if (granted && subject?.kind === 'site') showSite(subject.origin, false);
        }),
      loadSkillPreview: async (skill) => {
        if (origin === null || skill.status !== 'verified' || !skill.expectedDigest) return null;
        const source =
          subject?.kind === 'files'
            ? await droppedSkillText(checkedFiles.current, origin, skill)
            : await sendToBackground({ type: 'getSiteSkillText', origin, digest: skill.expectedDigest });
        return source ? previewOf(source, origin, startPreviewWorker) : null;
      },
      copy: (text) => navigator.clipboard.writeText(text),
      // The per-site choice is about visits in tabs: the panel offers it, this page does not.
      setSiteQuiet: async () => {},
      openSettings: openOptions,
      openLink: (link) => openSiteLink(link, origin),
    };
  }, [subject, view.kind === 'files' ? view.origin : null]);

  const submit = () => {
    const read = readReportSite(field);
    if (!read.ok) {
      // The page never shows an earlier report under a refusal of the address now asked.
      history.replaceState(null, '', location.pathname);
      clearFiles();
      setSiteRaw(null);
      return setError(read.words);
    }
    setError(null);
    setField(read.origin);
    // Asked from the submit event (Firefox grants only inside the gesture); a grant already
    // held answers at once. Refused: the view offers the grant again.
    const asked = read.origin;
    void requestHostAccess(asked).then(() => showSite(asked, false));
  };

  return (
    <ReportPage
      view={view}
      siteRaw={siteRaw}
      field={{ value: field, error, onInput: setField, onSubmit: submit }}
      files={{ onFiles: showFiles, held: subject?.kind === 'files', onClear: clearFiles, error: filesError }}
      actions={actions}
      version={extensionVersion()}
      onSave={saveTextFile}
      now={now}
      t={t}
    />
  );
}

import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { DroppedFile } from '../utils/engine/net/dropped/site-paths';
import type { Words } from '../utils/engine/report/words';
import { POPPY, SKILL_INDEX } from '../utils/engine/spec';
import { useSay, useT } from './i18n';

export interface DropZoneProps {
  /** Files dropped, chosen or pasted: added to those already held. */
  onFiles(files: DroppedFile[]): void;
  /** Whether files are held (the next ones are added to them), and how to forget them. */
  held: boolean;
  onClear(): void;
  /** Why the last files could not be checked, shown in the zone. */
  error: Words | null;
}

/** Files as the engine reads them: the path a folder pick gives, else the name; bytes streamed. */
function asDropped(list: FileList | null | undefined): DroppedFile[] {
  return [...(list ?? [])].map((file) => ({
    path: file.webkitRelativePath || file.name,
    size: file.size,
    stream: () => file.stream(),
  }));
}

/** Whether pasted JSON is a stand-alone index: `skills` at its top, and none of poppy.json's fields. */
function isIndexJson(text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return SKILL_INDEX.skills in value && !Object.values(POPPY).some((field) => field in value);
}

/**
 * Text pasted in the zone, named by what it looks like: frontmatter is a SKILL.md (its
 * frontmatter name tells several apart, utils/engine/net/dropped/loose-skill-names.ts), the index is JSON with
 * `skills` at its top, anything else poppy.json (which may hold `skills` inside `skill_index`).
 */
function pastedFile(text: string): DroppedFile {
  const trimmed = text.trimStart();
  const path = trimmed.startsWith('---') ? 'SKILL.md' : isIndexJson(trimmed) ? 'index.json' : 'poppy.json';
  const bytes = new TextEncoder().encode(text);
  return { path, size: bytes.byteLength, stream: () => new Blob([bytes]).stream() };
}

/** Where a paste is text typed in (the site field), not a document to check. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && target.type !== 'file';
}

/**
 * "Check files before you publish": drop files or a folder here, paste them (or a document's
 * text) anywhere on the page, or choose them with the two file fields (the keyboard's way, and
 * the tests').
 */
export function DropZone(props: DropZoneProps) {
  const t = useT();
  const say = useSay();
  const [over, setOver] = useState(false);
  const take = (files: DroppedFile[]) => {
    if (files.length > 0) props.onFiles(files);
  };
  // A paste anywhere on the page is taken (the zone says so), but not one into a text field;
  // listening from the first render on, so a paste right after the page loads is not lost.
  const onFiles = useRef(props.onFiles);
  onFiles.current = props.onFiles;
  useLayoutEffect(() => {
    const paste = (event: ClipboardEvent) => {
      if (isTextField(event.target)) return;
      const files = asDropped(event.clipboardData?.files);
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (files.length === 0 && text.trim() === '') return;
      event.preventDefault();
      onFiles.current(files.length > 0 ? files : [pastedFile(text)]);
    };
    document.addEventListener('paste', paste);
    return () => document.removeEventListener('paste', paste);
  }, []);
  return (
    <section
      class={`drop-zone${over ? ' over' : ''}`}
      aria-labelledby="files-heading"
      data-drop-zone
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        take(asDropped(event.dataTransfer?.files));
      }}
    >
      <h2 id="files-heading">{t('reportFilesHeading')}</h2>
      <p>{t('reportFilesBody')}</p>
      <p class="file-pickers">
        <label>
          <span class="lead">{t('reportFilesPick')}</span>{' '}
          <input
            type="file"
            name="files"
            multiple
            onChange={(event) => {
              take(asDropped(event.currentTarget.files));
              event.currentTarget.value = '';
            }}
          />
        </label>
        <label>
          <span class="lead">{t('reportFilesPickFolder')}</span>{' '}
          <input
            type="file"
            name="folder"
            {...{ webkitdirectory: true }}
            onChange={(event) => {
              take(asDropped(event.currentTarget.files));
              event.currentTarget.value = '';
            }}
          />
        </label>
      </p>
      {props.held ? (
        <p class="small">
          {t('reportFilesAdded')}{' '}
          <button type="button" class="button" onClick={props.onClear} data-files-clear>
            {t('reportFilesClear')}
          </button>
        </p>
      ) : null}
      {props.error !== null ? (
        <p class="tone-error" role="alert" data-files-error>
          <span aria-hidden="true">✗</span> {say(props.error)}
        </p>
      ) : null}
    </section>
  );
}

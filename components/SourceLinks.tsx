import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Finding } from '../utils/engine/report/findings';
import type { SourcePlace } from '../utils/extension/finding-lines';
import { useT } from './i18n';
import { isolated } from './SiteText';

/** A place in the document view that a finding's link asked for (`seq`: each click scrolls again). */
export interface SourceTarget extends SourcePlace {
  seq: number;
}

export interface SourceLinks {
  placeOf(finding: Finding): SourcePlace | null;
  pathOf(doc: number): string;
  go(place: SourcePlace): void;
}

/**
 * Only the full-page report has a document view (SourceLinked.tsx, which finds the lines with the
 * JSON and YAML parsers); the panel's findings have no links, and its script none of that code.
 */
export const SourceLinksContext = createContext<SourceLinks | null>(null);

/** Element ids of the document view: a document, and one of its lines. */
export const sourceId = (doc: number) => `source-${doc}`;
export const sourceLineId = (doc: number, line: number) => `source-${doc}-L${line}`;

/** "Line 12 of poppy.json", under a finding: follows to that line in the document view. */
export function FindingSourceLink(props: { finding: Finding }) {
  const t = useT();
  const links = useContext(SourceLinksContext);
  const place = links?.placeOf(props.finding) ?? null;
  if (links === null || place === null) return null;
  const path = links.pathOf(place.doc);
  return (
    <p class="small source-link">
      <a
        href={`#${place.line === null ? sourceId(place.doc) : sourceLineId(place.doc, place.line)}`}
        data-finding-line={place.line ?? ''}
        data-finding-source={path}
        onClick={(event) => {
          event.preventDefault();
          links.go(place);
        }}
      >
        {place.line === null ? t('reportFindingDocument', isolated(path)) : t('reportFindingLine', place.line, isolated(path))}
      </a>
    </p>
  );
}

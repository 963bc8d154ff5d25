import type { ComponentChildren } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { Finding } from '../utils/engine/report/findings';
import type { RawDocument } from '../utils/extension/check-files';
import { findingPlaces } from '../utils/extension/finding-lines';
import { SourceLinksContext, type SourceLinks, type SourceTarget } from './SourceLinks';

/**
 * Gives the findings inside it links to their lines in the document view (`raw`), and the view
 * the place asked for (`children(target)`), so the link and the line it lights up agree.
 */
export function SourceLinked(props: {
  findings: readonly Finding[];
  raw: readonly RawDocument[];
  children(target: SourceTarget | null): ComponentChildren;
}) {
  const [target, setTarget] = useState<SourceTarget | null>(null);
  const places = useMemo(() => findingPlaces(props.findings, props.raw), [props.findings, props.raw]);
  const links = useMemo<SourceLinks>(
    () => ({
      placeOf: (f) => places.get(f) ?? null,
      pathOf: (doc) => props.raw[doc]?.path ?? '',
      go: (place) => setTarget((held) => ({ ...place, seq: (held?.seq ?? 0) + 1 })),
    }),
    [places, props.raw],
  );
  return <SourceLinksContext.Provider value={links}>{props.children(target)}</SourceLinksContext.Provider>;
}

import { indexRepair } from '../utils/engine/report/index-repair';
import type { Report } from '../utils/engine/report/report';
import type { CheckCount, SiteQuiet } from '../utils/extension/panel-types';
import { ExcludedTasks } from './ExcludedTasks';
import { FoldedSections } from './FoldedSections';
import { IndexRepairLine } from './IndexRepairLine';
import { OwnersSection } from './OwnersSection';
import { reportShape, signInFindings, signInFirst } from './report-display';
import { CheckBar } from './ReportTools';
import { SiteChoice } from './SiteChoice';
import { SiteHeader } from './SiteHeader';
import { SkillSection } from './SkillSection';

export interface ReportBodyProps {
  report: Report;
  rawPoppy: string | null;
  now: Date;
  /** A newer check is running; this report is the previous result, shown at full contrast. */
  busy: boolean;
  progress: CheckCount | null;
  quiet: SiteQuiet;
  /** On the full-page report, whose own sections show the digests, the documents as text and the
   *  exports: the owner's section leaves them out, so each is on the page once. */
  page?: boolean;
}

/**
 * One finished check, summary first: the verdict and what it means, the skills (problems first)
 * and the excluded tasks; sign-in, APIs and the company's agent folded into one-line summaries;
 * everything a site owner needs in one section at the end.
 */
export function ReportBody(props: ReportBodyProps) {
  const { report } = props;
  const shape = reportShape(report);
  // Problems first: a broken sign-in stands above a verified skill list, open (D10).
  const fixes = signInFindings(report);
  const first = report.poppy !== null && signInFirst(report);
  const folds =
    report.poppy !== null ? (
      <FoldedSections
        poppy={report.poppy}
        site={report.target}
        trust={report.trust}
        signInFixes={fixes}
        signInOpen={report.trust?.status === 'broken' || fixes.some((f) => f.severity === 'error')}
      />
    ) : null;
  return (
    <div class="report" data-state={shape} aria-busy={props.busy}>
      <SiteHeader report={report} />
      <CheckBar report={report} now={props.now} busy={props.busy} progress={props.progress} />
      {shape === 'published' ? <IndexRepairLine repair={indexRepair(report)} /> : null}
      {first ? folds : null}
      {shape === 'published' ? <SkillSection report={report} busy={props.busy} /> : null}
      {report.poppy !== null ? <ExcludedTasks poppy={report.poppy} /> : null}
      {first ? null : folds}
      <OwnersSection report={report} rawPoppy={props.rawPoppy} page={props.page ?? false} />
      <SiteChoice quiet={props.quiet} />
    </div>
  );
}

import type { Report } from '../utils/engine/report/report';
import { ApiSection } from './ApiSection';
import { ExcludedTasks } from './ExcludedTasks';
import { FindingList, FindingsSection } from './FindingsSection';
import { useT } from './i18n';
import { reportShape } from './report-view';
import { CheckBar, ReportTools } from './ReportTools';
import { SignInSection } from './SignInSection';
import { SiteHeader } from './SiteHeader';
import { SkillSection } from './SkillSection';
import { hostOf } from '../utils/engine/text/host-of';
import { SiteHost } from './SiteText';

export interface ReportViewProps {
  report: Report;
  rawPoppy: string | null;
  now: Date;
  /** A newer check is running; this report is the previous result. */
  busy: boolean;
}

/** One finished check, in whichever of its three shapes: published, nothing, unreachable. */
export function ReportView(props: ReportViewProps) {
  const t = useT();
  const { report } = props;
  const state = reportShape(report);
  const host = hostOf(report.target);
  if (state !== 'published') {
    const problems = report.findings.filter((f) => f.severity !== 'info');
    return (
      <div class="report" data-state={state}>
        <header class="site">
          <h1 class="site-name">
            <SiteHost host={host} />
          </h1>
          <p class={`verdict ${state === 'unreachable' ? 'tone-error' : 'tone-neutral'}`}>
            <span aria-hidden="true">{state === 'unreachable' ? '✗' : '—'}</span>{' '}
            {state === 'unreachable' ? t('unreachableTitle') : t('nothingTitle')}
          </p>
        </header>
        <CheckBar report={report} now={props.now} busy={props.busy} />
        <p>{state === 'unreachable' ? t('unreachableBody') : t('nothingBody')}</p>
        {problems.length > 0 ? <FindingList findings={problems} /> : null}
        <ReportTools report={report} rawPoppy={props.rawPoppy} />
      </div>
    );
  }
  return (
    <div class="report" data-state={state}>
      <SiteHeader report={report} />
      <CheckBar report={report} now={props.now} busy={props.busy} />
      {report.poppy !== null ? (
        <>
          <SignInSection poppy={report.poppy} site={report.target} />
          <ApiSection poppy={report.poppy} site={report.target} />
          <ExcludedTasks poppy={report.poppy} />
        </>
      ) : null}
      <SkillSection report={report} busy={props.busy} />
      <FindingsSection findings={report.findings} />
      <ReportTools report={report} rawPoppy={props.rawPoppy} />
    </div>
  );
}

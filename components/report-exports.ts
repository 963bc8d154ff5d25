import { reportToJson } from '../utils/engine/report/report-json';
import { reportToMarkdown } from '../utils/engine/report/report-markdown';
import type { Report } from '../utils/engine/report/report';
import type { MessageSource } from '../utils/engine/report/render';
import { escapeHiddenInJson } from '../utils/engine/text/reveal';

/** The copies "For site owners" offers, loaded apart from the panel (ReportTools.tsx). */
export const json = (report: Report, messages: MessageSource): string =>
  escapeHiddenInJson(JSON.stringify(reportToJson(report, messages), null, 2));

export const markdown = (report: Report, messages: MessageSource): string => reportToMarkdown(report, messages);

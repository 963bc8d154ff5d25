import { INDEX_REPAIR_WORDS, REPAIR_COMMAND, type IndexRepair } from '../utils/engine/report/index-repair';
import { useSay } from './i18n';

/**
 * For the site's owner, on the first screen: "Agents can't use this index: <reason>. One command
 * fixes it: `poppy-inspector index --write`" (docs/ci-and-hooks.md). Renders its prop only.
 */
export function IndexRepairLine(props: { repair: IndexRepair | null }) {
  const say = useSay();
  const { repair } = props;
  if (repair === null) return null;
  return (
    <p class="index-repair" data-index-repair={repair.command ? 'command' : 'by-hand'}>
      {say(repair.says)}
      {repair.command ? (
        <>
          {' '}
          {say(INDEX_REPAIR_WORDS.oneCommand({}))} <code>{REPAIR_COMMAND}</code>
        </>
      ) : null}
    </p>
  );
}

// The manual assignment from the allocation page: the team's own path (hard rules, exclusion
// constraint, audit, allocated status), with every rule the guide breaks shown to the user.
import { Message } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import {
  ALLOCATION_RULES,
  resolveLocale,
  type AllocationRule,
  type WaitingTeam,
} from '@console/shared';
import { apiErrorCode, apiErrorMessage } from '@console/shared/api';
import { allocationApi, useAllocationChanged } from './api';

/**
 * Every rule `guide` breaks on the team, in the user's language; null when it cannot be told.
 * The server refuses with the first broken rule; the toast lists them all, as hovering the
 * guide does (issue 26 item 7).
 */
async function everyBreach(
  teamId: number,
  guide: { guideId: number; code: string },
  locale: 'zh-CN' | 'en-US',
): Promise<string[] | null> {
  try {
    const page = await allocationApi.candidatesOf(teamId, guide.code);
    const mine = page.list.find((c) => c.guideId === guide.guideId);
    return mine && mine.breaches.length > 0 ? mine.breaches.map((b) => b.message[locale]) : null;
  } catch {
    return null;
  }
}

/**
 * Books `guideId` as the team's local guide (the manual path) for `days`: its whole period
 * unless given the days left that the candidates were checked for. Answers the booking (the
 * team's new status: a large group stays pending until its guides cover it), or null.
 */
export function useAssignGuide() {
  const intl = useIntl();
  const changed = useAllocationChanged();
  return async (
    team: WaitingTeam,
    guide: { guideId: number; name: string; code: string },
    days: { from: string; to: string } = { from: team.startDate, to: team.endDate },
  ) => {
    try {
      const result = await allocationApi.assign(team.id, {
        guideId: guide.guideId,
        role: 'local_guide',
        from: days.from,
        to: days.to,
      });
      Message.success(
        intl.formatMessage({ id: 'allocation.assigned' }, { name: guide.name, code: team.code }),
      );
      changed([team.id]);
      return result;
    } catch (error) {
      // The refusal names the rules the guide breaks (leave, busy …) in the user's language:
      // all of them when the refusal is a hard rule, else the server's message.
      const code = apiErrorCode(error);
      const all = ALLOCATION_RULES.includes(code as AllocationRule)
        ? await everyBreach(team.id, guide, resolveLocale(intl.locale))
        : null;
      const reasons = all ?? [apiErrorMessage(error)];
      Message.error({
        content: intl.formatMessage(
          { id: 'allocation.refused' },
          { name: guide.name, reason: reasons.join(intl.locale.startsWith('zh') ? '；' : '; ') },
        ),
        duration: 8000 + 2000 * (reasons.length - 1),
      });
      return null;
    }
  };
}

// The manual assignment from the allocation page: the team's own path (hard rules, exclusion
// constraint, audit, allocated status) through the team page's own mutation, so both pages
// refresh the same reads after it; every rule the guide breaks shown to the user.
import { Message } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import {
  ALLOCATION_RULES,
  resolveLocale,
  type AllocationRule,
  type WaitingTeam,
} from '@console/shared';
import { apiErrorCode, apiErrorMessage, useAssignGuideMutation } from '@console/shared/api';
import { allocationApi } from './api';

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
 * `pendingGuideId`: the guide being booked now (their button's loading state), else null.
 */
export function useAssignGuide() {
  const intl = useIntl();
  const [assignGuide, state] = useAssignGuideMutation();
  const assign = async (
    team: WaitingTeam,
    guide: { guideId: number; name: string; code: string },
    days: { from: string; to: string } = { from: team.startDate, to: team.endDate },
  ) => {
    try {
      // Silent: the refusal is said below with every rule the guide breaks.
      const result = await assignGuide({
        teamId: team.id,
        body: { guideId: guide.guideId, role: 'local_guide', from: days.from, to: days.to },
        silent: true,
      }).unwrap();
      Message.success(
        intl.formatMessage({ id: 'allocation.assigned' }, { name: guide.name, code: team.code }),
      );
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
  const pendingGuideId = state.isLoading ? (state.originalArgs?.body.guideId ?? null) : null;
  return Object.assign(assign, { pendingGuideId });
}
